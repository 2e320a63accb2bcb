import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';

/** One coupon as a ticket: the saving on the left, the rule and the dates on the right. */
export function CouponTicket(props: {
  discountCents: number;
  minSpendCents: number;
  title: string;
  line: string;
  dimmed?: boolean;
  stamp?: string;
  action?: React.ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('coupons');
  return (
    <div className={`ticket${props.dimmed ? ' ticket--dim' : ''}`} data-testid={props.testId ?? 'coupon'}>
      <div className="ticket__value">
        <b>{formatCents(props.discountCents)}</b>
        <span>{t('minSpend', { min: formatCents(props.minSpendCents) })}</span>
      </div>
      <div className="ticket__body">
        <strong>{props.title}</strong>
        <span>{props.line}</span>
      </div>
      {props.stamp && <span className="ticket__stamp">{props.stamp}</span>}
      {props.action && <div className="ticket__action">{props.action}</div>}
    </div>
  );
}
