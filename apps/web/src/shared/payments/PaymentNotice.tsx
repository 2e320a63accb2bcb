import { useTranslation } from 'react-i18next';
import type { PaymentOutcome } from './outcome.ts';
import './payments.css';

/**
 * What a result page says while its payment is being confirmed, or once it failed; nothing
 * otherwise (the page shows the payable's own state). A live region: a screen reader hears it change.
 * Its spinner is CSS: antd-mobile's SpinLoading would bring react-spring into the shared code that
 * every first page loads (+20 KB).
 */
export function PaymentNotice({ outcome }: { outcome: PaymentOutcome }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="payment-notice-region">
      {outcome === 'confirming' && (
        <section className="payment-notice" data-testid="payment-confirming">
          <span className="payment-notice__spinner" aria-hidden="true" />
          <div>
            <strong>{t('payment.confirming')}</strong>
            <p>{t('payment.confirmingText')}</p>
          </div>
        </section>
      )}
      {outcome === 'failed' && (
        <section className="payment-notice payment-notice--failed" data-testid="payment-failed">
          <div>
            <strong>{t('payment.failed')}</strong>
            <p>{t('payment.failedText')}</p>
          </div>
        </section>
      )}
    </div>
  );
}
