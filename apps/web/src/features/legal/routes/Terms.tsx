import { LegalDocument } from '../components/LegalDocument.tsx';

/** /terms: the user agreement accepted before login (spec §5). */
export function Component() {
  return <LegalDocument doc="terms" />;
}
