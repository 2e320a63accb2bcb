import {
  type CallData,
  type CallDef,
  type Envelope,
  FIRST_ANSWERS_ELEMENT_ID,
  FIRST_ANSWERS_VISITOR,
  firstAnswerKey,
} from '@shop/contracts';
import { session } from '../session/store.ts';

/**
 * The answers the server sent inside the page (issue 24, docs/decisions/0016): the first screen's
 * public calls, answered before the app's code had arrived; and a signed-in screen's own calls,
 * asked for by page-scripts/early.js with the shopper's token while the code was on its way. Each is
 * used once, by the first call that asks for it; later calls go to the server as usual.
 */
const pageElement = typeof document === 'undefined' ? null : document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
/** The shopper the page was made for ('' for a visitor's page). */
const pageUser = pageElement?.dataset.user ?? '';
let answers = readPageAnswers();

/**
 * The answers inside the page. A page drawn for a signed-in shopper names them (`data-user`): when
 * this phone's session is someone else's now (a logout the server did not hear of), none is used.
 * A visitor's page that answered the screen's own calls as a visitor says so: a phone with a session
 * (one older than its page cookie) uses none of them either.
 */
function readPageAnswers(): Map<string, Envelope<unknown>> {
  if (pageUser && pageUser !== session.get().userId) return new Map();
  if (pageElement?.hasAttribute(FIRST_ANSWERS_VISITOR) && session.get().token) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(pageElement?.textContent || '{}') as Record<string, Envelope<unknown>>));
  } catch {
    return new Map<string, Envelope<unknown>>();
  }
}

/** The shopper the page was made for ('' for a visitor's page). */
export const paintedFor = () => pageUser;

/** The server's paint of a screen (src/paint.tsx) hands each page's answers in, and takes them back. */
export function paintWith(pageAnswers: Record<string, Envelope<unknown>>) {
  answers = new Map(Object.entries(pageAnswers));
}

declare global {
  interface Window {
    /** The signed-in screen's first calls, asked for by page-scripts/early.js before the app's code came. */
    shopEarlyAnswers?: Record<string, Promise<Envelope<unknown>> | undefined>;
  }
}

export function takeFirstAnswer(key: string): Envelope<unknown> | Promise<Envelope<unknown> | undefined> | undefined {
  const answer = answers.get(key);
  if (answer) {
    answers.delete(key);
    return answer;
  }
  const early = typeof window === 'undefined' ? undefined : window.shopEarlyAnswers?.[key];
  if (!early) return undefined;
  delete window.shopEarlyAnswers?.[key];
  // A failed early ask is asked again the usual way.
  return early.catch(() => undefined);
}

/**
 * The data of a call's answer the page came with, for a query's `initialData`: the screen's first
 * render then already shows it (the server drew it before the app came, and the app draws the same
 * over it). Used once, like the client's first answers: a query made again later (the shopper came
 * back to the cart) asks the server, never the page's old answer.
 */
export function firstAnswerData<T extends CallDef>(
  def: T,
  input: Record<string, unknown> = {},
): CallData<T> | undefined {
  // The query as the client sends it (client.ts): values left out when there are none.
  const params = Object.entries(input)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => [name, String(value)] as [string, string]);
  const key = firstAnswerKey(def.path, params);
  const answer = answers.get(key);
  answers.delete(key);
  return answer?.code === '0' ? (answer.data as CallData<T>) : undefined;
}
