import { type ReactElement, Suspense, useState } from 'react';

/**
 * Part of a screen the server drew (decision 0026) taken over in a task of its own, after the
 * screen's first take-over (issue 24). Taking a whole screen over in one go is a long task on a slow
 * phone (the front page's feed alone is tens of milliseconds); a part in `HydrateLater` keeps its
 * server-drawn elements on screen while it waits (Preact keeps a suspended part's DOM during
 * hydration and takes it over when the part resumes), and the parts resume one per task, in the
 * order they were drawn.
 *
 * Its child must be one element (Preact keeps the one DOM node the part would have claimed). Outside
 * the first take-over (the server's paint, a screen the app draws itself) the child is drawn at once.
 */
export function HydrateLater({ children }: { children: ReactElement }) {
  const [turn] = useState(() => (takingOver || partResuming ? queueTurn() : null));
  return (
    <Suspense fallback={null}>
      <WaitForTurn turn={turn}>{children}</WaitForTurn>
    </Suspense>
  );
}

type Turn = { promise: Promise<void>; done: boolean };

function WaitForTurn({ turn, children }: { turn: Turn | null; children: ReactElement }) {
  if (turn && !turn.done) throw turn.promise;
  return children;
}

let takingOver = false;
/**
 * True in the task a part resumes in (its take-over runs in that task's microtasks): a part inside
 * it (a list's cards inside the front page's feed) waits for a turn of its own too.
 */
let partResuming = false;
let queueEnd: Promise<void> = Promise.resolve();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A turn one task after the turn queued before it. */
function queueTurn(): Turn {
  const turn: Turn = { promise: Promise.resolve(), done: false };
  turn.promise = queueEnd.then(nextTask).then(() => {
    turn.done = true;
    partResuming = true;
    setTimeout(() => {
      partResuming = false;
    }, 0);
  });
  queueEnd = turn.promise;
  return turn;
}

/**
 * Runs the screen's first take-over (`hydrateRoot`): the `HydrateLater` parts it meets wait for
 * their turn. Resolves when the last of them has had it (a tap held meanwhile is made after).
 */
export function takeOver(hydrate: () => void): Promise<void> {
  takingOver = true;
  try {
    hydrate();
  } finally {
    takingOver = false;
  }
  return drained();
}

/** Resolves once every turn has had its task, the turns of parts inside parts (queued later) too. */
async function drained(): Promise<void> {
  let end: Promise<void>;
  do {
    end = queueEnd;
    // Each part renders in a microtask after its turn: one more task passes them all.
    await end.then(nextTask);
  } while (end !== queueEnd);
}
