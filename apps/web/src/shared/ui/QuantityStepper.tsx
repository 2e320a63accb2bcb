import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A quantity: one less, the number, one more. The shop's own rather than antd-mobile's Stepper,
 * which puts the spin button's values on a wrapper that has no role and leaves the number without
 * a name (axe: aria-allowed-attr, label; issue 36). The field is named by the caller's visible
 * label (`labelledBy`), its buttons in the page's language, and each is a fingertip wide (44 px).
 */
export function QuantityStepper({
  value,
  min,
  max,
  disabled,
  onChange,
  labelledBy,
  testId,
}: {
  value: number;
  min: number;
  max: number;
  disabled?: boolean;
  onChange: (quantity: number) => void;
  /** The id of the visible text that names the quantity ("Quantity", "Number of cards"). */
  labelledBy: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(String(value));
  useEffect(() => setTyped(String(value)), [value]);
  const clamp = (n: number) => Math.min(max, Math.max(min, n));
  const settle = () => {
    const n = Number.parseInt(typed, 10);
    if (Number.isFinite(n) && clamp(n) !== value) onChange(clamp(n));
    setTyped(String(Number.isFinite(n) ? clamp(n) : value));
  };
  return (
    <div className="qty-stepper" data-testid={testId}>
      <button
        type="button"
        aria-label={t('quantityLess')}
        disabled={disabled || value <= min}
        onClick={() => onChange(clamp(value - 1))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-labelledby={labelledBy}
        value={typed}
        disabled={disabled}
        onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
        onBlur={settle}
        onKeyDown={(e) => {
          if (e.key === 'Enter') settle();
        }}
      />
      <button
        type="button"
        aria-label={t('quantityMore')}
        disabled={disabled || value >= max}
        onClick={() => onChange(clamp(value + 1))}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
