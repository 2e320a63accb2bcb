import { LegalDocument } from '../components/LegalDocument.tsx';

/** /privacy: the privacy policy accepted before login (spec §5). */
export function Component() {
  return <LegalDocument doc="privacy" />;
}
