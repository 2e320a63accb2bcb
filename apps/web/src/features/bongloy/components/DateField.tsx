import DatePicker from 'antd-mobile/es/components/date-picker';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/i18n/dates.ts';
import { isoOfPickerDate, pickerDateOf } from '../dates.ts';

type Props = {
  /** The button's id (a FormField's, which marks it refused). */
  id?: string;
  name: string;
  label: string;
  /** The day, `yyyy-mm-dd`, or '' while none is chosen. */
  value: string;
  onChange: (iso: string) => void;
  /** The first and last days that can be picked, `yyyy-mm-dd`. */
  min: string;
  max: string;
  /** Where the wheels start while no day is chosen (a birthday: some thirty years back). */
  initial?: string;
};

/**
 * The one date input of the application: the chosen day written the shop's way (`formatDate`, the
 * page's language), and a wheel picker that works with a thumb on any phone (antd-mobile's
 * DatePicker: day, month by its name, year; its buttons in the page's language).
 */
export function DateField({ id, name, label, value, onChange, min, max, initial }: Props) {
  const { t, i18n } = useTranslation('bongloy');
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const months = t('months', { ns: 'common', returnObjects: true }) as unknown;
  const monthName = (month: number) =>
    Array.isArray(months) && typeof months[month - 1] === 'string' ? months[month - 1] : String(month);
  const shown = value ? formatDate(value, i18n.language) : '';
  // One Date per day: a new one at each drawing of the page would turn the wheels back under the thumb.
  const pickerValue = useMemo(() => pickerDateOf(value) ?? pickerDateOf(initial ?? ''), [value, initial]);
  const bounds = useMemo(() => [pickerDateOf(min) ?? undefined, pickerDateOf(max) ?? undefined], [min, max]);
  return (
    <div className="blg-field">
      <span id={labelId}>{label}</span>
      <button
        type="button"
        id={id}
        className={`blg-date${shown ? '' : ' blg-date--empty'}`}
        name={name}
        value={value}
        aria-labelledby={labelId}
        aria-describedby={`${labelId}-value`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid={`date-${name}`}
      >
        <span id={`${labelId}-value`}>{shown || t('date.choose')}</span>
      </button>
      <DatePicker
        visible={open}
        onClose={() => setOpen(false)}
        title={label}
        precision="day"
        min={bounds[0]}
        max={bounds[1]}
        value={pickerValue}
        onConfirm={(date) => onChange(isoOfPickerDate(date))}
        renderLabel={(type, data) => (
          <span data-part={type} data-value={data}>
            {type === 'month' ? monthName(data) : data}
          </span>
        )}
        className={`blg-date-picker blg-date-picker--${name}`}
      />
    </div>
  );
}
