import type { PayChannel } from '@shop/contracts';
import type { ReactNode } from 'react';

export type PayMethod = { code: PayChannel; enabled: boolean; name: string; note: ReactNode };

/**
 * The cashier's methods as one radio group (issue 44): native radios of one name in a labelled
 * group, so the browser gives the WAI-ARIA radio group's keyboard (one Tab stop on the chosen
 * method, the arrow keys move to the next usable method and choose it; a roving tab stop) and a
 * screen reader hears "radio, 2 of 4". Each row is the radio's label: a tap anywhere on it chooses.
 * A method that cannot pay now is disabled (the arrows skip it) with its reason as its description.
 */
export function PayMethods({
  label,
  methods,
  chosen,
  onChoose,
}: {
  label: string;
  methods: readonly PayMethod[];
  chosen: PayChannel | null;
  onChoose: (code: PayChannel) => void;
}) {
  return (
    <fieldset className="card buy-methods" data-testid="pay-methods">
      <legend className="visually-hidden">{label}</legend>
      {methods.map((m) => (
        <label
          key={m.code}
          className={`buy-method${m.enabled ? '' : ' buy-method--off'}`}
          data-testid={`channel-row-${m.code}`}
        >
          <input
            type="radio"
            name="pay-method"
            value={m.code}
            checked={m.code === chosen}
            disabled={!m.enabled}
            onChange={() => onChoose(m.code)}
            aria-describedby={`pay-method-note-${m.code}`}
            data-testid={`channel-${m.code}`}
          />
          <span className="buy-method__text">
            <span className="buy-method__name">{m.name}</span>
            <span className="buy-method__note" id={`pay-method-note-${m.code}`} data-testid={`channel-note-${m.code}`}>
              {m.note}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
