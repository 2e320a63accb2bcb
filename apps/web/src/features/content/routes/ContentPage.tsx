import { useMatches } from 'react-router';
import { ContentDocument } from '../../../shared/content/ContentDocument.tsx';

/**
 * A console-managed page (/uageGuide, /UPIcashback, …): the route's `handle.content` names the
 * document it shows (app/routes.tsx), in the shopper's language.
 */
export function Component() {
  const key = useMatches()
    .map((m) => (m.handle as { content?: string } | undefined)?.content)
    .filter(Boolean)
    .pop() as string;
  return <ContentDocument docKey={key} page />;
}
