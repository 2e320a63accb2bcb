import { useEffect, useRef, useState } from 'react';

/** Spec §9: the top progress bar runs 5000 ms and ignores changes faster than 200 ms. */
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_THROTTLE_MS = 200;

/**
 * A thin bar at the top while `active`: it appears only when work lasts past the throttle, eases
 * towards 90 % over the duration, then fills and fades when the work ends.
 */
export function ProgressBar({ active }: { active: boolean }) {
  const [phase, setPhase] = useState<'idle' | 'running' | 'finishing'>('idle');
  const shown = useRef(false);

  useEffect(() => {
    if (active) {
      const delay = setTimeout(() => {
        shown.current = true;
        setPhase('running');
      }, PROGRESS_THROTTLE_MS);
      return () => clearTimeout(delay);
    }
    if (!shown.current) return;
    shown.current = false;
    setPhase('finishing');
    const fade = setTimeout(() => setPhase('idle'), 300);
    return () => clearTimeout(fade);
  }, [active]);

  if (phase === 'idle') return null;
  return (
    <div
      className={`progress-bar progress-bar--${phase}`}
      style={{ ['--progress-duration' as string]: `${PROGRESS_DURATION_MS}ms` }}
      data-testid="progress-bar"
    />
  );
}
