import { type CarDetails, maxLoanOn } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { refusedField, useCarLoan, useSecondPage } from '../api/yingxin.ts';
import { centsOf, dollarsOf, Field } from '../components/Field.tsx';
import { GuardPage, Steps } from '../components/Steps.tsx';
import '../yingxin.css';

type Form = Record<'brand' | 'model' | 'year' | 'plateNumber' | 'colour' | 'mileageKm' | 'vin' | 'value', string>;
const EMPTY: Form = { brand: '', model: '', year: '', plateNumber: '', colour: '', mileageKm: '', vin: '', value: '' };
const FORM_FIELD: Record<string, string> = { valueCents: 'value' };

/** /yingxin/carBasicInformation (`secondpage`): the car the loan is made on; saved as the draft. */
function Screen() {
  const { t } = useTranslation('yingxin');
  const navigate = useNavigate();
  const { data, isPending } = useCarLoan();
  const save = useSecondPage();
  const application = data?.application;
  const [form, setForm] = useState<Form>(EMPTY);
  const [registered, setRegistered] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const car = application?.state === 'DRAFT' ? application.car : null;
    if (!car) return;
    setForm({
      ...car,
      year: String(car.year),
      mileageKm: String(car.mileageKm),
      value: dollarsOf(car.valueCents),
    });
    setRegistered(car.registeredToBorrower);
  }, [application]);

  if (isPending) return <Skeleton.Paragraph lineCount={10} animated />;
  const guard = <GuardPage application={application} page={2} />;
  if (application?.state !== 'DRAFT' || application.step < 2) return guard;
  const asked = application.borrower?.amountCents ?? 0;
  const valueCents = centsOf(form.value);

  const submit = async () => {
    setErrors({});
    const body: CarDetails = {
      brand: form.brand,
      model: form.model,
      year: Number(form.year) || 0,
      plateNumber: form.plateNumber,
      colour: form.colour,
      mileageKm: Math.round(Number(form.mileageKm.replace(/[,\s]/g, ''))) || 0,
      vin: form.vin,
      valueCents,
      registeredToBorrower: registered,
    };
    try {
      await save.mutateAsync(body);
      navigate('/yingxin/ceshiCamera');
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
    <Field name={name} label={t(`car.${name}`)} error={errors[name]}>
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
      <Steps current={2} />
      <main className="yx-form card">
        <p className="yx-note">{t('car.intro')}</p>
        {input('brand', { placeholder: 'Toyota' })}
        {input('model', { placeholder: 'Camry' })}
        {input('year', { inputMode: 'numeric', maxLength: 4 })}
        {input('plateNumber', { placeholder: '2AB-1234', autoCapitalize: 'characters' })}
        {input('colour')}
        {input('mileageKm', { inputMode: 'numeric' })}
        {input('vin', { autoCapitalize: 'characters', maxLength: 20 })}
        {input('value', { inputMode: 'decimal' })}
        <p className="yx-note" data-testid="yx-most">
          {valueCents > 0
            ? t('car.most', { most: formatCents(maxLoanOn(valueCents)), asked: formatCents(asked) })
            : t('car.mostRule', { asked: formatCents(asked) })}
        </p>
        <label className="yx-check">
          <input
            type="checkbox"
            checked={registered}
            onChange={(e) => setRegistered(e.target.checked)}
            data-testid="yx-registered"
          />
          <span>{t('car.registered')}</span>
        </label>
        {errors.registeredToBorrower && <small className="yx-error">{errors.registeredToBorrower}</small>}
      </main>
      <div className="yx-actions">
        <Button block color="primary" size="large" loading={save.isPending} onClick={submit} data-testid="yx-car-next">
          {t('saveNext')}
        </Button>
        <Button block fill="none" onClick={() => navigate('/yingxin/borrower')}>
          {t('previous')}
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
