import {
  WITHDRAWAL_BANKS,
  WITHDRAWAL_STATES,
  type Withdrawal,
  type WithdrawalBank,
  type WithdrawalState,
} from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import Tag from 'antd-mobile/es/components/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { FormField, useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useApplyWithdrawal, useWalletAccount, useWithdrawals } from '../api/wallet.ts';
import '../wallet.css';

const COLORS: Record<WithdrawalState, string> = {
  init: 'warning',
  agree: 'primary',
  finish: 'success',
  refuse: 'danger',
};

/** "12.5" → 1250; null when it is not an amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const clean = text.replace(/,/g, '').trim();
  if (!/^\d+(\.\d{0,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The account number as typed, digits only: 6 to 20 of them. */
export function accountDigits(text: string): string | null {
  const digits = text.replace(/\s/g, '');
  return /^\d{6,20}$/.test(digits) ? digits : null;
}

function stateOf(status: string): WithdrawalState | 'unknown' {
  return (WITHDRAWAL_STATES as readonly string[]).includes(status) ? (status as WithdrawalState) : 'unknown';
}

/** /emoneyWith: apply for a withdrawal of cash, and follow the applications through their states. */
export function Component() {
  const { t } = useTranslation('wallet');
  const account = useWalletAccount();
  const list = useWithdrawals();
  const apply = useApplyWithdrawal();
  const [amount, setAmount] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [bank, setBank] = useState<WithdrawalBank | ''>('');
  const [accountName, setAccountName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  // Where the money goes, said before the shopper applies and on every application after.
  const digits = accountDigits(accountNumber);
  const paidTo = (to: NonNullable<Withdrawal['destination']>) =>
    t('paidTo', { bank: t(`banks.${to.bank}`), account: to.accountMasked, name: to.accountName });
  const language = currentLanguage();
  const available = account.data?.withdrawableCents ?? 0;
  const minimum = account.data?.withdrawalMinCents ?? 0;

  const fields = useFieldErrors<'amount' | 'bank' | 'accountName' | 'accountNumber' | 'payPassword'>();
  const submit = async () => {
    const cents = parseAmount(amount);
    const ok = fields.check({
      amount: !cents
        ? t('enterAmount')
        : cents < minimum
          ? t('belowMinimum', { min: formatCents(minimum) })
          : cents > available && t('overLimit', { max: formatCents(available) }),
      bank: !bank && t('enterDestination'),
      accountName: !accountName.trim() && t('enterDestination'),
      accountNumber: !accountNumber.trim() ? t('enterDestination') : !digits && t('accountNumberWrong'),
      payPassword: !/^\d{6}$/.test(payPassword) && t('enterPayPassword'),
    });
    if (!ok || !cents || !bank || !digits) return;
    try {
      await apply.mutateAsync({
        amountCents: cents,
        payPassword,
        requestId,
        destination: { bank, accountName: accountName.trim(), accountNumber: digits },
      });
      showToast(t('applied'));
      setAmount('');
      setRequestId(crypto.randomUUID());
      // The destination stays filled: the next withdrawal most likely goes to the same account.
    } catch (error) {
      fields.refuseFromServer(error, {
        WAL00001: 'amount',
        WAL00002: 'amount',
        WAL00003: 'amount',
        WAL00004: 'amount',
        WAL00012: 'accountNumber',
        USR00030: 'payPassword',
        USR00032: 'payPassword',
      });
    } finally {
      setPayPassword('');
    }
  };

  return (
    <>
      <PageHeader title={t('withdrawTitle')} />
      <section className="card withdraw">
        <p className="withdraw__available">
          {t('available')} <b data-testid="withdraw-available">{formatCents(available)}</b>
        </p>
        <FormField field={fields.field('amount')} label={t('amount')}>
          <div className="withdraw__amount">
            <span>$</span>
            <Input
              id={fields.field('amount').id}
              data-testid="withdraw-amount"
              inputMode="decimal"
              placeholder={t('amountPlaceholder', { min: formatCents(minimum) })}
              value={amount}
              onChange={setAmount}
            />
            <button type="button" className="link-button" onClick={() => setAmount((available / 100).toFixed(2))}>
              {t('all')}
            </button>
          </div>
        </FormField>
        <fieldset className="withdraw__destination" data-testid="withdraw-destination">
          <legend className="withdraw__label">{t('destination')}</legend>
          <FormField field={fields.field('bank')} label={t('bank')}>
            <select
              id={fields.field('bank').id}
              className="withdraw__select"
              value={bank}
              onChange={(e) => setBank(e.target.value as WithdrawalBank | '')}
              data-testid="withdraw-bank"
            >
              <option value="">{t('chooseBank')}</option>
              {WITHDRAWAL_BANKS.map((code) => (
                <option key={code} value={code}>
                  {t(`banks.${code}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField field={fields.field('accountName')} label={t('accountName')}>
            <Input
              id={fields.field('accountName').id}
              className="withdraw__field"
              data-testid="withdraw-account-name"
              autoComplete="name"
              placeholder={t('accountNamePlaceholder')}
              value={accountName}
              onChange={setAccountName}
            />
          </FormField>
          <FormField field={fields.field('accountNumber')} label={t('accountNumber')}>
            <Input
              id={fields.field('accountNumber').id}
              className="withdraw__field"
              data-testid="withdraw-account-number"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('accountNumberPlaceholder')}
              value={accountNumber}
              onChange={(value) => setAccountNumber(value.replace(/[^\d ]/g, ''))}
            />
          </FormField>
          {bank && digits && accountName.trim() && (
            <p className="withdraw__to" data-testid="withdraw-to">
              {paidTo({ bank, accountName: accountName.trim(), accountMasked: `•••• ${digits.slice(-4)}` })}
            </p>
          )}
        </fieldset>
        <FormField field={fields.field('payPassword')} label={t('payPassword')}>
          <Input
            id={fields.field('payPassword').id}
            className="withdraw__password"
            data-testid="withdraw-paypassword"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            placeholder="••••••"
            value={payPassword}
            onChange={(value) => setPayPassword(value.replace(/\D/g, ''))}
          />
        </FormField>
        <div className="withdraw__submit">
          <Button block color="primary" loading={apply.isPending} onClick={submit} data-testid="withdraw-submit">
            {t('submit')}
          </Button>
        </div>
        <p className="wallet__note">{t('withdrawNote')}</p>
      </section>
      <List header={t('withdrawals')} className="card" data-testid="withdrawal-list">
        {list.data?.list.map((w) => {
          const state = stateOf(w.status);
          return (
            <List.Item
              key={w.id}
              data-testid="withdrawal"
              description={
                <>
                  {formatDateTime(w.appliedAt, language)}
                  {w.destination && (
                    <div className="withdraw__to" data-testid="withdrawal-to">
                      {paidTo(w.destination)}
                    </div>
                  )}
                  {state === 'refuse' && w.reason && (
                    <div className="withdraw__reason">{t('reason', { reason: w.reason })}</div>
                  )}
                </>
              }
              extra={
                <Tag
                  color={state === 'unknown' ? 'default' : COLORS[state]}
                  data-testid="withdrawal-status"
                  data-status={state}
                >
                  {t(`state.${state}`)}
                </Tag>
              }
            >
              {formatCents(w.amountCents)}
            </List.Item>
          );
        })}
      </List>
      {list.data && list.data.list.length === 0 && (
        <ErrorBlock status="empty" title={t('noWithdrawals')} description="" />
      )}
    </>
  );
}
