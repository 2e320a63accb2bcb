import {
  BONGLOY_NATIONALITIES,
  type BongloyPersonal,
  isDocumentNumber,
  isEmailAddress,
  isEnglishName,
  isMobileNumber,
} from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { FormField, useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { promptLogin, showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { SlidePuzzle } from '../../../shared/ui/SlidePuzzle.tsx';
import { sendCardCode, useBongloyPage, useStep1 } from '../api/bongloy.ts';
import { DateField } from '../components/DateField.tsx';
import { Steps, stepPath } from '../components/Steps.tsx';
import { addDays, dayMonthYearOfIso, isoOfDayMonthYear, phnomPenhDay } from '../dates.ts';
import '../bongloy.css';

const EMPTY: BongloyPersonal = {
  firstName: '',
  lastName: '',
  passportId: '',
  certificateValidity: '',
  email: '',
  gender: 'male',
  profession: '',
  birthday: '',
  birthplace: '',
  nationality: 'KH',
  countryCode: '+855',
  phone: '',
};

/** The server's refusals of one field of step 1 (the catalogue's card errors). */
const STEP1_REFUSALS = {
  BLG00001: 'firstName',
  BLG00017: 'lastName',
  BLG00002: 'passportId',
  BLG00003: 'certificateValidity',
  BLG00004: 'email',
  BLG00005: 'birthday',
  BLG00006: 'birthday',
  BLG00007: 'birthplace',
  BLG00008: 'code',
  USR00010: 'phone',
} as const;

/** /bongloy/step1: the applicant's personal information and phone proven by an SMS code. */
export function Component() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const { token, thirdId, userFullMobile } = useSession();
  const { data, isPending } = useBongloyPage();
  const save = useStep1();
  const draft = data?.draft ?? null;
  const [form, setForm] = useState<BongloyPersonal>(EMPTY);
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const [puzzle, setPuzzle] = useState(false);

  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);
  useEffect(() => {
    if (draft?.personal) setForm({ ...EMPTY, ...draft.personal, profession: draft.personal.profession ?? '' });
  }, [draft?.personal]);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const set = (key: keyof BongloyPersonal) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const typed = `${form.countryCode}${form.phone.replace(/\D/g, '').replace(/^0/, '')}`;
  // The account's own phone was proven at sign-in; a draft's phone by its code.
  const proven =
    (Boolean(userFullMobile) && typed === userFullMobile) ||
    Boolean(
      draft?.phoneVerified && draft.personal?.phone === form.phone && draft.personal.countryCode === form.countryCode,
    );
  const today = phnomPenhDay();

  // Like every SMS code of the shop: from the third code of a phone in a day (or many of one
  // address) the server wants the slide puzzle solved first (USR00016), then takes its token.
  const askCode = async (imageToken?: string) => {
    if (!form.phone.trim()) return showToast(t('step1.phoneFirst'));
    try {
      const sent = await sendCardCode(form.countryCode, form.phone, imageToken);
      setWait(sent.resendSeconds);
      if (sent.devCode) setCode(sent.devCode);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'USR00016') setPuzzle(true);
      else if (error instanceof ApiError && error.code !== 'DOUBLE_TAP') showToast(error.message);
    }
  };
  const fields = useFieldErrors<Exclude<keyof BongloyPersonal, 'gender' | 'nationality' | 'countryCode'> | 'code'>();
  const required = (key: Parameters<typeof fields.field>[0], empty: boolean) =>
    empty && t('step1.required', { field: t(`step1.${key}`) });
  // Empty, or against the rule the server applies (packages/contracts field-rules): said before sending.
  const ruled = (key: 'firstName' | 'lastName' | 'passportId' | 'email' | 'phone', value: string, ok: boolean) =>
    required(key, !value.trim()) || (!ok && t(`step1.invalid.${key}`));
  const submit = async () => {
    const ok = fields.check({
      firstName: ruled('firstName', form.firstName, isEnglishName(form.firstName)),
      lastName: ruled('lastName', form.lastName, isEnglishName(form.lastName)),
      passportId: ruled('passportId', form.passportId, isDocumentNumber(form.passportId)),
      certificateValidity: required('certificateValidity', !form.certificateValidity),
      email: ruled('email', form.email, isEmailAddress(form.email)),
      birthday: required('birthday', !form.birthday),
      birthplace: required('birthplace', !form.birthplace.trim()),
      phone: ruled('phone', form.phone, isMobileNumber(form.phone, form.countryCode)),
      code: required('code', !proven && !code.trim()),
    });
    if (!ok) return;
    try {
      const saved = await save.mutateAsync({
        ...(draft ? { id: draft.id } : {}),
        ...form,
        profession: form.profession?.trim() ? form.profession : undefined,
        ...(code ? { verifycode: code } : {}),
      });
      navigate(stepPath(2), { state: { id: saved.id } });
    } catch (error) {
      fields.refuseFromServer(error, STEP1_REFUSALS);
    }
  };

  const field = (
    key: 'firstName' | 'lastName' | 'passportId' | 'email' | 'profession' | 'birthplace',
    extra: Record<string, unknown> = {},
  ) => (
    <FormField
      field={fields.field(key)}
      className="blg-field"
      key={key}
      label={key === 'profession' ? t('step1.optionalField', { field: t('step1.profession') }) : t(`step1.${key}`)}
    >
      <input id={fields.field(key).id} value={String(form[key] ?? '')} onChange={set(key)} name={key} {...extra} />
    </FormField>
  );

  return (
    <>
      <PageHeader title={t('apply')} />
      <Steps current={1} />
      {isPending && token && <Skeleton.Paragraph lineCount={8} animated />}
      {draft && draft.step > 1 && (
        <div className="blg-resume card" data-testid="resume">
          <span>{t('resume', { step: draft.step })}</span>
          <Button size="small" color="primary" fill="outline" onClick={() => navigate(stepPath(draft.step))}>
            {t('continue')}
          </Button>
        </div>
      )}
      <main className="blg-form card">
        {field('firstName', { autoComplete: 'given-name', placeholder: 'SOKHA' })}
        {field('lastName', { autoComplete: 'family-name', placeholder: 'CHAN' })}
        <label className="blg-field">
          <span>{t('step1.nationality')}</span>
          <select value={form.nationality} onChange={set('nationality')} name="nationality">
            {/* Named in the page's language from the locale files: browsers' region names lack Khmer. */}
            {BONGLOY_NATIONALITIES.map((n) => (
              <option key={n} value={n}>
                {t(`nationalities.${n}`)}
              </option>
            ))}
          </select>
        </label>
        {field('passportId', { autoCapitalize: 'characters' })}
        <FormField field={fields.field('certificateValidity')} className="blg-field">
          <DateField
            id={fields.field('certificateValidity').id}
            name="certificateValidity"
            label={t('step1.certificateValidity')}
            value={form.certificateValidity}
            onChange={(iso) => setForm((f) => ({ ...f, certificateValidity: iso }))}
            min={addDays(today, 1)}
            max={phnomPenhDay(30)}
          />
        </FormField>
        {field('email', { type: 'email', autoComplete: 'email' })}
        <div className="blg-field">
          <span>{t('step1.gender')}</span>
          <div className="blg-choices">
            {(['male', 'female'] as const).map((g) => (
              <button
                type="button"
                key={g}
                aria-pressed={form.gender === g}
                className={form.gender === g ? 'on' : ''}
                onClick={() => setForm((f) => ({ ...f, gender: g }))}
              >
                {t(`gender.${g}`)}
              </button>
            ))}
          </div>
        </div>
        {field('profession')}
        <FormField field={fields.field('birthday')} className="blg-field">
          <DateField
            id={fields.field('birthday').id}
            name="birthday"
            label={t('step1.birthday')}
            value={isoOfDayMonthYear(form.birthday)}
            onChange={(iso) => setForm((f) => ({ ...f, birthday: dayMonthYearOfIso(iso) }))}
            min="1900-01-01"
            max={today}
            initial={phnomPenhDay(-30)}
          />
        </FormField>
        {field('birthplace')}
        <FormField field={fields.field('phone')} className="blg-field" label={t('step1.phone')}>
          <div className="blg-phone">
            <select
              value={form.countryCode}
              onChange={set('countryCode')}
              name="countryCode"
              aria-label={t('step1.countryCode')}
            >
              {['+855', '+86', '+66', '+84', '+1'].map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
            <input
              id={fields.field('phone').id}
              value={form.phone}
              onChange={set('phone')}
              name="phone"
              inputMode="tel"
              autoComplete="tel-national"
            />
          </div>
        </FormField>
        {proven ? (
          <p className="blg-ok">{t('step1.phoneProven')}</p>
        ) : (
          <FormField field={fields.field('code')} className="blg-field" label={t('step1.code')}>
            <div className="blg-phone">
              <input
                id={fields.field('code').id}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                name="verifycode"
                inputMode="numeric"
                maxLength={4}
              />
              <button
                type="button"
                className="blg-code"
                onClick={() => void askCode()}
                disabled={wait > 0}
                data-testid="send-code"
              >
                {wait > 0 ? t('step1.resendIn', { seconds: wait }) : t('step1.sendCode')}
              </button>
            </div>
          </FormField>
        )}
      </main>
      {puzzle && (
        <SlidePuzzle
          onClose={() => setPuzzle(false)}
          onPass={(imageToken) => {
            setPuzzle(false);
            void askCode(imageToken);
          }}
        />
      )}
      <div className="blg-actions">
        <Button block color="primary" size="large" loading={save.isPending} onClick={submit} data-testid="step1-next">
          {t('next')}
        </Button>
      </div>
    </>
  );
}
