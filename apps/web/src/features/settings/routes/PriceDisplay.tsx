import { formatPrice, formatRiel, normalizeLanguage, PRICE_DISPLAY_MODES } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { setPriceDisplay, usePriceDisplay } from '../../../shared/price/display.ts';
import { useKhrPerUsd } from '../../../shared/price/rate.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import '../settings.css';

/** The example price each choice is shown with ($3.90, the issue's own). */
const EXAMPLE_CENTS = 390;

/**
 * /settingsPrices (issue 47): how prices are shown, dollars only, dollars with riel or riel first,
 * and in kh Khmer digits. Kept on this phone (shared/price/display.ts); every screen follows at once.
 */
export function Component() {
  const { t, i18n } = useTranslation('settings');
  const display = usePriceDisplay();
  const kh = normalizeLanguage(i18n.language) === 'kh';
  const khrPerUsd = useKhrPerUsd(true);
  const digits = kh && display.khmerDigits;
  return (
    <>
      <PageHeader title={t('prices.title')} />
      <main className="ntf-page">
        <fieldset className="card ntf-group" data-testid="price-display">
          <legend>{t('prices.title')}</legend>
          {PRICE_DISPLAY_MODES.map((mode) => {
            const id = `price-display-${mode}`;
            return (
              <label className="ntf-row" htmlFor={id} key={mode}>
                <span>
                  {t(`prices.${mode}`)}
                  {khrPerUsd !== null && (
                    <span className="ntf-hint prc-example">
                      {t('prices.example', {
                        price: formatPrice(EXAMPLE_CENTS, { mode, khrPerUsd, khmerDigits: digits }),
                      })}
                    </span>
                  )}
                </span>
                <input
                  id={id}
                  type="radio"
                  name="price-display"
                  checked={display.mode === mode}
                  onChange={() => setPriceDisplay({ ...display, mode })}
                  data-testid={id}
                />
              </label>
            );
          })}
          {kh && (
            <label className="ntf-row" htmlFor="price-khmer-digits">
              <span>
                {t('prices.khmerDigits')}
                <span className="ntf-hint prc-example">{t('prices.khmerDigitsWhy')}</span>
              </span>
              <input
                id="price-khmer-digits"
                type="checkbox"
                role="switch"
                aria-checked={display.khmerDigits}
                checked={display.khmerDigits}
                onChange={(event) => setPriceDisplay({ ...display, khmerDigits: event.target.checked })}
                data-testid="price-khmer-digits"
              />
            </label>
          )}
        </fieldset>
        <p className="ntf-hint ntf-note" data-testid="price-rate">
          {khrPerUsd === null
            ? t('prices.noRate')
            : t('prices.rate', { rate: formatRiel(khrPerUsd, { khmerDigits: digits }) })}
        </p>
        <p className="ntf-hint ntf-note">{t('prices.charged')}</p>
      </main>
    </>
  );
}
