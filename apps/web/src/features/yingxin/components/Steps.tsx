import type { CarLoanView } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

export const PAGE_PATHS = ['/yingxin/borrower', '/yingxin/carBasicInformation', '/yingxin/ceshiCamera'] as const;

/** Where a draft resumes: its page (the pictures begin with the camera check). */
export function resumePath(step: number): string {
  return PAGE_PATHS[Math.min(Math.max(step, 1), 3) - 1];
}

/** The three pages, this one marked. */
export function Steps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation('yingxin');
  return (
    <ol className="yx-steps" aria-label={t('steps.label')}>
      {([1, 2, 3] as const).map((n) => (
        <li
          key={n}
          className={n === current ? 'on' : n < current ? 'done' : ''}
          aria-current={n === current ? 'step' : undefined}
        >
          <span className="yx-steps__n">{n}</span>
          <span className="yx-steps__name">{t(`steps.${n}`)}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * A page reached before the ones it needs, or after the application was sent: back to where the
 * draft stands, or to the application's state.
 */
export function GuardPage({ application, page }: { application: CarLoanView | null | undefined; page: 1 | 2 | 3 }) {
  const open = application && (application.state === 'DRAFT' || application.state === 'REVIEW') ? application : null;
  // Sent: the picture pages lead to what was sent (the submit itself goes there), the others home.
  if (open?.state === 'REVIEW') return <Navigate to={page === 3 ? '/yingxin/subSuccess' : '/yingxin'} replace />;
  if (page === 1) return null;
  if (!open) return <Navigate to="/yingxin/borrower" replace />;
  if (open.step < page) return <Navigate to={resumePath(open.step)} replace />;
  return null;
}
