import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The quantity of the specification picker: one less, the number, one more. Its own rather than
 * antd-mobile's Stepper, which puts the spin button's values on a wrapper that has no role and
 * leaves the number without a name (issue 36); here the field is named by the "Quantity" label
 * beside it, and each button is a fingertip wide (44 px).
 */
export function QuantityStepper({
  value,
  min,
  max,
  disabled,
  onChange,
}: {
  value: number;
  min: number;
  max: number;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation('catalogue');
  const labelId = useId();
  const [typed, setTyped] = useState(String(value));
  useEffect(() => setTyped(String(value)), [value]);
  const set = (n: number) => onChange(Math.min(max, Math.max(min, n)));
  const settle = () => {
    const n = Number.parseInt(typed, 10);
    if (Number.isFinite(n)) set(n);
    setTyped(String(Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : value));
  };
  return (
    <div className="spec-picker__quantity">
      <span id={labelId}>{t('quantity')}</span>
      <div className="qty-stepper" data-testid="quantity">
        <button
          type="button"
          aria-label={t('quantityLess')}
          disabled={disabled || value <= min}
          onClick={() => set(value - 1)}
          data-testid="quantity-less"
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          aria-labelledby={labelId}
          value={typed}
          disabled={disabled}
          onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
          onBlur={settle}
          onKeyDown={(e) => {
            if (e.key === 'Enter') settle();
          }}
          data-testid="quantity-input"
        />
        <button
          type="button"
          aria-label={t('quantityMore')}
          disabled={disabled || value >= max}
          onClick={() => set(value + 1)}
          data-testid="quantity-more"
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
