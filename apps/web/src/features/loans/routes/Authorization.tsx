import { type InstallmentCount, LOAN_RULES, REQUIRED_LOAN_DOCUMENTS } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/index.ts';
import { bridge } from '../../../shared/bridge/bridge.ts';
import { formatPhone } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { FormField, useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { promptLogin, showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { SlidePuzzle } from '../../../shared/ui/SlidePuzzle.tsx';
import { type ApplyInput, useAgreement, useApply, useLoanOffer, useSendLoanCode, useSign } from '../api/loans.ts';
import { DocumentPictures, type DocumentPictures as Documents } from '../components/DocumentPictures.tsx';
import { FeeTable } from '../components/FeeTable.tsx';
import { LoanDocuments } from '../components/LoanDocuments.tsx';
import '../loans.css';

const FIELDS = [
  'fullName',
  'nationalId',
  'birthDate',
  'email',
  'mailingAddress',
  'postalCode',
  'familyDetails',
  'education',
  'employment',
  'income',
] as const;
type Field = (typeof FIELDS)[number];
const OPTIONAL: readonly Field[] = ['email'];

/** What the wallet app's bridge gives after consent; nothing in a plain browser or when it does not answer. */
async function deviceData(): Promise<Record<string, unknown> | undefined> {
  if (!bridge().inHost()) return undefined;
  try {
    return await bridge().request<Record<string, unknown>>('deviceInfo', { purpose: 'loan' }, 5_000);
  } catch {
    return undefined;
  }
}

/**
 * /kmf/authorization: the consents (what is collected and why), the application of spec §3, then the
 * agreement with every fee, signed with the four-digit SMS code (15 minutes).
 */
export function Component() {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token, thirdId } = useSession();
  const offer = useLoanOffer(Boolean(token));
  const apply = useApply();
  const send = useSendLoanCode();
  const sign = useSign();
  const amountCents = Number(params.get('amount')) || 300_00;
  const installments = (Number(params.get('installments')) || 3) as InstallmentCount;
  const [loanId, setLoanId] = useState<string | null>(params.get('loan'));
  const [step, setStep] = useState<'consent' | 'form' | 'sign'>(params.get('loan') ? 'sign' : 'consent');
  const [consent, setConsent] = useState({ applicationData: false, deviceData: false });
  const [form, setForm] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<Field, string>,
  );
  const [residence, setResidence] = useState(false);
  const [documents, setDocuments] = useState<Documents>({});
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const agreement = useAgreement(step === 'sign' ? loanId : null);
  const inHost = bridge().inHost();

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);

  const fields = useFieldErrors<Field | 'residence'>();

  const submit = async () => {
    const ok = fields.check({
      ...Object.fromEntries(
        FIELDS.map((f) => [
          f,
          !OPTIONAL.includes(f) && !form[f].trim() && t('form.fieldRequired', { field: t(`form.${f}`) }),
        ]),
      ),
      residence: !residence && t('form.residenceRequired'),
    });
    if (!ok) return;
    if (REQUIRED_LOAN_DOCUMENTS.some((kind) => !documents[kind])) return void showToast(t('form.documentsMissing'));
    const device = consent.deviceData ? await deviceData() : undefined;
    const body: ApplyInput = {
      fullName: form.fullName,
      nationalId: form.nationalId.trim(),
      birthDate: form.birthDate.trim(),
      ...(form.email.trim() ? { email: form.email.trim() } : {}),
      mailingAddress: form.mailingAddress,
      postalCode: form.postalCode.trim(),
      residenceCountry: LOAN_RULES.residence,
      familyDetails: form.familyDetails,
      education: form.education,
      employment: form.employment,
      monthlyIncomeCents: Math.round(Number(form.income) * 100) || 0,
      amountCents,
      installments,
      consent: { applicationData: true, deviceData: consent.deviceData },
      documents: Object.fromEntries(Object.entries(documents).map(([kind, picture]) => [kind, picture.id])),
      ...(device ? { device } : {}),
    };
    const loan = await apply.mutateAsync(body);
    setLoanId(loan.id);
    setStep('sign');
  };

  const [puzzle, setPuzzle] = useState(false);
  const sendCode = async (imageToken?: string) => {
    try {
      const sent = await send.mutateAsync(imageToken);
      setWait(sent.resendSeconds);
    } catch (error) {
      // Many codes to one phone today: the slide puzzle first, then the code is asked again with its pass.
      if (error instanceof ApiError && error.code === 'USR00016') setPuzzle(true);
      else if (error instanceof ApiError && error.code !== 'DOUBLE_TAP') showToast(error.message);
    }
  };

  const signNow = async () => {
    if (!loanId) return;
    const loan = await sign.mutateAsync({ id: loanId, code });
    navigate(`/inclusive/loanSuccess?reference=${loan.reference}`, { replace: true });
  };

  return (
    <>
      <PageHeader title={t(step === 'consent' ? 'consent.title' : step === 'form' ? 'form.title' : 'sign.title')} />
      <div className="loans">
        {step === 'consent' && (
          <section className="card loans-card" data-testid="loan-consent">
            <p className="loans-section">{t('consent.intro')}</p>
            <LoanDocuments only={['privacyPolicy', 'userorPrivacy', 'termsorConditions']} />
            <p className="loans-section">{t('consent.applicationData')}</p>
            <label className="loans-check">
              <input
                type="checkbox"
                checked={consent.applicationData}
                onChange={(e) => setConsent({ ...consent, applicationData: e.target.checked })}
                data-testid="consent-application"
              />
              <span>{t('consent.applicationAgree')}</span>
            </label>
            <p className="loans-section">{t('consent.deviceData')}</p>
            {inHost ? (
              <label className="loans-check">
                <input
                  type="checkbox"
                  checked={consent.deviceData}
                  onChange={(e) => setConsent({ ...consent, deviceData: e.target.checked })}
                  data-testid="consent-device"
                />
                <span>{t('consent.deviceAgree')}</span>
              </label>
            ) : (
              <p className="loans-note">{t('consent.deviceNotHere')}</p>
            )}
            <Button
              block
              color="primary"
              disabled={!consent.applicationData}
              onClick={() => setStep('form')}
              data-testid="consent-next"
            >
              {t('consent.next')}
            </Button>
          </section>
        )}
        {step === 'form' && (
          <section className="card loans-card" data-testid="loan-form">
            {FIELDS.map((field) => (
              <FormField className="loans-field" key={field} field={fields.field(field)} label={t(`form.${field}`)}>
                <input
                  id={fields.field(field).id}
                  value={form[field]}
                  inputMode={field === 'income' ? 'decimal' : field === 'postalCode' ? 'numeric' : undefined}
                  placeholder={field === 'birthDate' ? 'dd/mm/yyyy' : undefined}
                  onChange={(e) => setForm({ ...form, [field]: e.target.value })}
                  data-testid={`loan-${field}`}
                />
              </FormField>
            ))}
            <FormField field={fields.field('residence')}>
              <label className="loans-check">
                <input
                  id={fields.field('residence').id}
                  type="checkbox"
                  checked={residence}
                  onChange={(e) => setResidence(e.target.checked)}
                  data-testid="loan-residence"
                />
                <span>{t('form.residence')}</span>
              </label>
            </FormField>
            <DocumentPictures value={documents} onChange={setDocuments} />
            <FeeTable amountCents={amountCents} installments={installments} />
            <Button block color="primary" loading={apply.isPending} onClick={submit} data-testid="loan-form-submit">
              {t('form.submit')}
            </Button>
          </section>
        )}
        {step === 'sign' && (
          <section className="card loans-card" data-testid="loan-sign">
            <p className="loans-section">
              {t('sign.intro', { phone: offer.data?.phone ? formatPhone(offer.data.phone) : '' })}
            </p>
            {agreement.data && (
              <pre className="loans-agreement" data-testid="loan-agreement-text">
                {agreement.data.text}
              </pre>
            )}
            <Button
              block
              disabled={wait > 0}
              loading={send.isPending}
              onClick={() => sendCode()}
              data-testid="loan-send-code"
            >
              {wait > 0 ? t('sign.resend', { seconds: wait }) : t('sign.send')}
            </Button>
            <input
              className="loans-field loans-code"
              inputMode="numeric"
              maxLength={4}
              placeholder={t('sign.code')}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              data-testid="loan-code"
            />
            <Button
              block
              color="primary"
              disabled={code.length !== 4}
              loading={sign.isPending}
              onClick={signNow}
              data-testid="loan-sign-submit"
            >
              {t('sign.submit')}
            </Button>
            <p className="loans-note">{t('sign.notReceived')}</p>
          </section>
        )}
        {puzzle && (
          <SlidePuzzle
            onClose={() => setPuzzle(false)}
            onPass={(token) => {
              setPuzzle(false);
              void sendCode(token);
            }}
          />
        )}
      </div>
    </>
  );
}
