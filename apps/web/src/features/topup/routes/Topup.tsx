import { checkTopupNumber } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatPhone } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { FormField, useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { promptLogin, showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCreateTopup, useTopupPage } from '../api/topup.ts';
import { TopupRecordCard } from '../components/TopupRecordCard.tsx';
import '../topup.css';
import { usePriceFormat } from '../../../shared/price/Price.tsx';

/**
 * /topup (spec §2, §5, §9): a +855 number, its operator shown as it is typed, the amounts that
 * operator offers (at least USD 1.00), then the cashier. A banner's jump fills `value` (USD) and
 * `name` (the title); `record` shows a top-up's outcome after paying.
 */
export function Component() {
  const { t } = useTranslation('topup');
  const price = usePriceFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token, thirdId } = useSession();
  const { data, isPending } = useTopupPage();
  const create = useCreateTopup();
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<number | null>(() => {
    const value = Number(params.get('value'));
    return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : null;
  });
  const record = params.get('record');

  const operators = data?.operators ?? [];
  // The server's own rule (packages/contracts): the hint says what the server would answer.
  const check = useMemo(
    () => checkTopupNumber(typed, data?.operators ?? [], data?.unservedRanges ?? []),
    [typed, data],
  );
  // Before a number names its operator, the amounts of the first one are shown (all offer the same by default).
  const shownOperator = check.kind === 'ok' ? check.operator : operators[0];
  const amounts = shownOperator?.amountsCents ?? [];
  const amount = picked !== null && amounts.includes(picked) ? picked : null;

  const fields = useFieldErrors<'phone'>();
  const submit = async () => {
    if (!token) return void promptLogin(thirdId);
    const phoneOk = fields.check({
      phone: check.kind !== 'ok' && t(check.kind === 'unserved' ? 'unservedNumber' : 'invalidNumber'),
    });
    if (!phoneOk) return;
    if (amount === null) return showToast(t('pickAmount'));
    const order = await create.mutateAsync({ phone: typed, amountCents: amount });
    navigate(`/cashier?orderId=${order.id}&kind=topup`);
  };

  return (
    <>
      <PageHeader
        title={params.get('name') || t('title')}
        right={
          token ? (
            <button type="button" className="link-button" onClick={() => navigate('/topup/records')}>
              {t('records')}
            </button>
          ) : undefined
        }
      />
      {record && <TopupRecordCard id={record} />}
      {isPending && <Skeleton.Paragraph lineCount={6} animated />}
      {data && (
        <main className="topup">
          <section className="topup__number card">
            <FormField field={fields.field('phone')} label={t('number')}>
              <div className="topup__field">
                <span className="topup__country">+855</span>
                <input
                  id={fields.field('phone').id}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder={t('numberPlaceholder')}
                  value={typed}
                  onChange={(e) => {
                    setTyped(e.target.value);
                    fields.clear('phone');
                  }}
                  data-testid="topup-phone"
                />
              </div>
            </FormField>
            {/* Once the number is refused on submit, its error text says it (under the field). */}
            <p className={`topup__hint topup__hint--${check.kind}`} data-testid="topup-operator" aria-live="polite">
              {!fields.errors.phone && (
                <>
                  {check.kind === 'ok' && t('operatorIs', { operator: check.operator.name })}
                  {check.kind === 'invalid' && t('invalidNumber')}
                  {check.kind === 'unserved' && t('unservedNumber')}
                  {check.kind === 'empty' && t('operatorHint')}
                  {check.kind === 'incomplete' && t('keepTyping')}
                </>
              )}
            </p>
            {data.recentNumbers.length > 0 && (
              <div className="topup__recent">
                <span>{t('recent')}</span>
                {data.recentNumbers.map((r) => (
                  <button
                    type="button"
                    key={r.phone}
                    className="chip"
                    onClick={() => setTyped(r.phone)}
                    data-testid="topup-recent"
                  >
                    {formatPhone(r.phone)}
                  </button>
                ))}
              </div>
            )}
          </section>
          <section className="topup__amounts card">
            <h2>{t('amount')}</h2>
            <div className="topup__grid">
              {amounts.map((cents) => (
                <button
                  type="button"
                  aria-pressed={amount === cents}
                  key={cents}
                  className={`topup__amount${amount === cents ? ' topup__amount--on' : ''}`}
                  onClick={() => setPicked(cents)}
                  data-testid={`topup-amount-${cents}`}
                >
                  {price(cents)}
                </button>
              ))}
            </div>
            <p className="topup__note">{t('minimum', { amount: price(data.minimumCents) })}</p>
          </section>
          <ol className="topup__steps card">
            <li>{t('step1')}</li>
            <li>{t('step2')}</li>
            <li>{t('step3')}</li>
          </ol>
        </main>
      )}
      <BottomBar className="buy-bar">
        <span className="buy-bar__total" data-testid="topup-total">
          {amount !== null ? price(amount) : t('pickAmount')}
        </span>
        <Button color="primary" loading={create.isPending} onClick={submit} data-testid="topup-submit">
          {token ? t('payNow') : t('loginToTopup')}
        </Button>
      </BottomBar>
    </>
  );
}
