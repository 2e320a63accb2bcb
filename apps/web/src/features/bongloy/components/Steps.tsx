import type { BongloyApplication } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

const STEP_PATHS = ['/bongloy/step1', '/bongloy/step2', '/bongloy/step3', '/bongloy/step4_1', '/bongloy/step5'];

/** Where the application resumes. */
export function stepPath(step: number): string {
  return STEP_PATHS[Math.min(Math.max(step, 1), 5) - 1];
}

/** The five steps, this one marked. */
export function Steps({ current }: { current: number }) {
  const { t } = useTranslation('bongloy');
  return (
    <ol className="blg-steps" aria-label={t('steps.label')}>
      {[1, 2, 3, 4, 5].map((n) => (
        <li
          key={n}
          className={n === current ? 'on' : n < current ? 'done' : ''}
          aria-current={n === current ? 'step' : undefined}
        >
          <span className="blg-steps__n">{n}</span>
          <span className="blg-steps__name">{t(`steps.${n}`)}</span>
        </li>
      ))}
    </ol>
  );
}

/** A step reached before the ones it needs: back to where the draft stands. */
export function GuardStep({ draft, step }: { draft: BongloyApplication | null | undefined; step: number }) {
  if (!draft) return <Navigate to="/bongloy/step1" replace />;
  if (draft.state !== 'DRAFT' && draft.state !== 'WP')
    return <Navigate to={`/bongloy/orderDetail?id=${draft.id}`} replace />;
  if (draft.step < step) return <Navigate to={stepPath(draft.step)} replace />;
  return null;
}
