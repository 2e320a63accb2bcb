import { CAR_LOAN_RULES, type CarBorrower, LOAN_RULES } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatPhone } from '../../../shared/format.ts';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { refusedField, useCarLoan, useFirstPage } from '../api/yingxin.ts';
import { centsOf, dollarsOf, Field } from '../components/Field.tsx';
import { GuardPage, Steps } from '../components/Steps.tsx';
import '../yingxin.css';

type Form = Record<
  | 'fullName'
  | 'nationalId'
  | 'birthDate'
  | 'address'
  | 'occupation'
  | 'income'
  | 'referenceName'
  | 'referencePhone'
  | 'amount',
  string
>;
const EMPTY: Form = {
  fullName: '',
  nationalId: '',
  birthDate: '',
  address: '',
  occupation: '',
  income: '',
  referenceName: '',
  referencePhone: '',
  amount: '',
};
/** The server names a field by its payload name; the form's money fields are typed in dollars. */
const FORM_FIELD: Record<string, keyof Form | 'residenceCountry' | 'termMonths'> = {
  monthlyIncomeCents: 'income',
  amountCents: 'amount',
};

/** /yingxin/borrower (`firstpage`): who borrows, how much and for how long; saved as the draft. */
function Screen() {
  const { t } = useTranslation('yingxin');
  const navigate = useNavigate();
  const { data, isPending } = useCarLoan();
  const save = useFirstPage();
  const application = data?.application;
  const [form, setForm] = useState<Form>(EMPTY);
  const [residence, setResidence] = useState(false);
  const [term, setTerm] = useState<number>(24);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const b = application?.state === 'DRAFT' ? application.borrower : null;
    if (!b) return;
    setForm({
      ...b,
      income: dollarsOf(b.monthlyIncomeCents),
      amount: dollarsOf(b.amountCents),
    });
    setResidence(b.residenceCountry === LOAN_RULES.residence);
    setTerm(b.termMonths);
  }, [application]);

  if (isPending) return <Skeleton.Paragraph lineCount={10} animated />;
  const guard = <GuardPage application={application} page={1} />;
  if (application?.state === 'REVIEW') return guard;

  const submit = async () => {
    setErrors({});
    const body: CarBorrower = {
      fullName: form.fullName,
      nationalId: form.nationalId,
      birthDate: form.birthDate.trim(),
      address: form.address,
      occupation: form.occupation,
      monthlyIncomeCents: centsOf(form.income),
      residenceCountry: residence ? LOAN_RULES.residence : '',
      referenceName: form.referenceName,
      referencePhone: form.referencePhone,
      amountCents: centsOf(form.amount),
      termMonths: term,
    };
    try {
      await save.mutateAsync(body);
      navigate('/yingxin/carBasicInformation');
    } catch (error) {
      const refused = refusedField(error);
      if (!refused) return;
      const name = FORM_FIELD[refused.field] ?? refused.field;
      setErrors({ [name]: refused.message });
      // The refused field is brought into view, ready to be corrected.
      document.getElementById(`yx-${name}`)?.focus();
    }
  };
  const input = (name: keyof Form, extra: Record<string, unknown> = {}) => (
    <Field
      name={name}
      label={t(`borrower.${name}`)}
      error={errors[name]}
      hint={t(`borrower.hint.${name}`, { defaultValue: '' })}
    >
      <input
        id={`yx-${name}`}
        name={name}
        value={form[name]}
        onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
        aria-invalid={Boolean(errors[name])}
        data-testid={`yx-${name}`}
        {...extra}
      />
    </Field>
  );

  return (
    <>
      <PageHeader title={t('title')} />
      <Steps current={1} />
      <main className="yx-form card">
        <p className="yx-note">{t('borrower.intro', { phone: data?.phone ? formatPhone(data.phone) : '' })}</p>
        {input('fullName', { autoComplete: 'name' })}
        {input('nationalId', { autoCapitalize: 'characters' })}
        {input('birthDate', { placeholder: 'dd/mm/yyyy', inputMode: 'numeric' })}
        <Field name="address" label={t('borrower.address')} error={errors.address}>
          <textarea
            id="yx-address"
            name="address"
            rows={2}
            value={form.address}
            onChange={(e) => setForm((f) => ({ ...f, address: e.target.value }))}
            aria-invalid={Boolean(errors.address)}
            data-testid="yx-address"
          />
        </Field>
        <label className="yx-check">
          <input
            type="checkbox"
            checked={residence}
            onChange={(e) => setResidence(e.target.checked)}
            data-testid="yx-residence"
          />
          <span>{t('borrower.residence')}</span>
        </label>
        {errors.residenceCountry && <small className="yx-error">{errors.residenceCountry}</small>}
        {input('occupation')}
        {input('income', { inputMode: 'decimal' })}
        {input('referenceName')}
        {input('referencePhone', { inputMode: 'tel', placeholder: '012 345 678' })}
        <h3 className="yx-subtitle">{t('borrower.loan')}</h3>
        {input('amount', { inputMode: 'decimal' })}
        <fieldset className="yx-field yx-fieldset">
          <legend>{t('borrower.term')}</legend>
          <div className="yx-choices">
            {CAR_LOAN_RULES.termMonths.map((n) => (
              <button
                type="button"
                key={n}
                aria-pressed={term === n}
                className={term === n ? 'on' : ''}
                onClick={() => setTerm(n)}
                data-testid={`yx-term-${n}`}
              >
                {t('months', { count: n })}
              </button>
            ))}
          </div>
          {errors.termMonths && <small className="yx-error">{errors.termMonths}</small>}
        </fieldset>
      </main>
      <div className="yx-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={save.isPending}
          onClick={submit}
          data-testid="yx-borrower-next"
        >
          {t('saveNext')}
        </Button>
      </div>
    </>
  );
}

export function Component() {
  return (
    <SignedIn>
      <Screen />
    </SignedIn>
  );
}
