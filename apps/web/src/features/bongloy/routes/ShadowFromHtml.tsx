import { useSearchParams } from 'react-router';
import { ContentDocument } from '../../../shared/content/ContentDocument.tsx';

/**
 * /bongloy/shadowFromHTML?key=<name>: one of the card's documents (`bongloy.<name>`, written in the
 * console, rendered and sanitised by the server) as a whole screen. Another namespace is never shown.
 */
export function Component() {
  const [params] = useSearchParams();
  const name = params.get('key') ?? '';
  const key = /^[A-Za-z0-9_-]{1,60}$/.test(name) ? `bongloy.${name}` : 'bongloy.missing';
  return <ContentDocument docKey={key} page />;
}
