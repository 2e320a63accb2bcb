import { useTranslation } from 'react-i18next';
import { useLoadingActive } from './store.ts';

/** A click anywhere on the overlay does nothing: it cannot be dismissed from outside (spec §2). */
export function LoadingOverlay() {
  const active = useLoadingActive();
  const { t } = useTranslation();
  if (!active) return null;
  return (
    <div
      className="loading-overlay"
      role="alert"
      aria-busy="true"
      aria-label={t('loading')}
      data-testid="loading-overlay"
      onClick={(event) => event.stopPropagation()}
    >
      <div className="loading-overlay__box">
        <span className="loading-overlay__spinner" />
        <span>{t('loading')}</span>
      </div>
    </div>
  );
}
