import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { answerConsent, useConsentQuestion } from './index.ts';

/**
 * Asks once whether page views may also go to the third-party analytics service. Fixed over the
 * bottom of the screen (nothing moves when it appears or goes) until the visitor answers; either
 * answer closes it and is remembered.
 */
export function ConsentBar() {
  const { t } = useTranslation();
  if (!useConsentQuestion()) return null;
  return (
    <section
      className="consent-bar"
      role="dialog"
      aria-live="polite"
      aria-label={t('consent.title')}
      data-testid="consent-bar"
    >
      <p>
        {t('consent.text')} <Link to="/privacy">{t('consent.more')}</Link>
      </p>
      <div className="consent-bar__actions">
        <button type="button" onClick={() => answerConsent('denied')} data-testid="consent-deny">
          {t('consent.deny')}
        </button>
        <button
          type="button"
          className="consent-bar__allow"
          onClick={() => answerConsent('granted')}
          data-testid="consent-allow"
        >
          {t('consent.allow')}
        </button>
      </div>
    </section>
  );
}
