import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';
import { FormField, useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { usePayout } from '../api/loans.ts';

/** Credit to a bank account in the shopper's own name; sent during the payout hours. */
export function PayoutForm({ creditCents }: { creditCents: number }) {
  const { t } = useTranslation('loans');
  const payout = usePayout();
  const [form, setForm] = useState({ amount: '', bankName: '', accountName: '', accountNumber: '' });
  const cents = Math.round(Number(form.amount) * 100);
  const fields = useFieldErrors<keyof typeof form>();
  const field = (key: keyof typeof form, label: string, inputMode?: 'decimal' | 'numeric') => (
    <FormField className="loans-field" field={fields.field(key)} label={label}>
      <input
        id={fields.field(key).id}
        value={form[key]}
        inputMode={inputMode}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        data-testid={`payout-${key}`}
      />
    </FormField>
  );
  const submit = async () => {
    const ok = fields.check({
      amount: !(cents > 0 && cents <= creditCents) && t('payoutAmountWrong', { max: formatCents(creditCents) }),
      bankName: !form.bankName.trim() && t('form.fieldRequired', { field: t('bankName') }),
      accountName: !form.accountName.trim() && t('form.fieldRequired', { field: t('accountName') }),
      accountNumber: !/^\d{6,20}$/.test(form.accountNumber) && t('payoutAccountWrong'),
    });
    if (!ok) return;
    await payout.mutateAsync({
      amountCents: cents,
      bankName: form.bankName,
      accountName: form.accountName,
      accountNumber: form.accountNumber,
    });
    setForm({ amount: '', bankName: '', accountName: '', accountNumber: '' });
    showToast(t('payoutSend'));
  };
  return (
    <section className="card loans-card">
      <h3>{t('payout')}</h3>
      <p className="loans-note">{t('payoutHint')}</p>
      {field('amount', t('payoutAmount'), 'decimal')}
      {field('bankName', t('bankName'))}
      {field('accountName', t('accountName'))}
      {field('accountNumber', t('accountNumber'), 'numeric')}
      <Button block color="primary" loading={payout.isPending} onClick={submit} data-testid="payout-submit">
        {t('payoutSend')}
      </Button>
    </section>
  );
}
