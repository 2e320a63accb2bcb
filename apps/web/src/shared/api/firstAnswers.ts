import { type CallData, type CallDef, type Envelope, FIRST_ANSWERS_ELEMENT_ID, firstAnswerKey } from '@shop/contracts';

/**
 * The answers the server sent inside the page (issue 24, docs/decisions/0016): the first screen's
 * public calls, answered before the app's code had arrived; and a signed-in screen's own calls,
 * asked for by public/early.js with the shopper's token while the code was on its way. Each is
 * used once, by the first call that asks for it; later calls go to the server as usual.
 */
const answers = (() => {
  try {
    const element = document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
    return new Map(Object.entries(JSON.parse(element?.textContent || '{}') as Record<string, Envelope<unknown>>));
  } catch {
    return new Map<string, Envelope<unknown>>();
  }
})();

declare global {
  interface Window {
    /** The signed-in screen's first calls, asked for by public/early.js before the app's code came. */
    shopEarlyAnswers?: Record<string, Promise<Envelope<unknown>> | undefined>;
  }
}

export function takeFirstAnswer(key: string): Envelope<unknown> | Promise<Envelope<unknown> | undefined> | undefined {
  const answer = answers.get(key);
  if (answer) {
    answers.delete(key);
    return answer;
  }
  const early = window.shopEarlyAnswers?.[key];
  if (!early) return undefined;
  delete window.shopEarlyAnswers?.[key];
  // A failed early ask is asked again the usual way.
  return early.catch(() => undefined);
}

/**
 * The data of a call's answer the page came with, for a query's `initialData`: the screen's first
 * render then already shows it (the server drew its largest picture before the app came, and the
 * app draws the same picture, not a grey box, over it).
 */
export function firstAnswerData<T extends CallDef>(
  def: T,
  input: Record<string, unknown> = {},
): CallData<T> | undefined {
  // The query as the client sends it (client.ts): values left out when there are none.
  const params = Object.entries(input)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => [name, String(value)] as [string, string]);
  const answer = answers.get(firstAnswerKey(def.path, params));
  return answer?.code === '0' ? (answer.data as CallData<T>) : undefined;
}
