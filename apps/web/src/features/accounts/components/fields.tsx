import { type SmsPurpose, sendSms } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Input from 'antd-mobile/es/components/input';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type FieldState, FormField } from '../../../shared/ui/FormField.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { SlidePuzzle } from '../../../shared/ui/SlidePuzzle.tsx';
import { ApiError, call } from '../api/accounts.ts';
import { isPassword } from './validate.ts';

export const COUNTRY_CODES = ['+855', '+86'] as const;

/** Country code (+855 / +86) and the phone number. */
export function PhoneField(props: {
  countryCode: string;
  phone: string;
  onChange: (value: { countryCode: string; phone: string }) => void;
  testId?: string;
  field: FieldState;
}) {
  const { t } = useTranslation('accounts');
  return (
    <FormField field={props.field} label={t('phonePlaceholder')} className="acc-field-box">
      <div className="acc-field acc-phone">
        <select
          aria-label={t('countryCode')}
          className="acc-phone__code"
          value={props.countryCode}
          onChange={(e) => props.onChange({ countryCode: e.target.value, phone: props.phone })}
          data-testid="country-code"
        >
          {COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={t('phonePlaceholder')}
          value={props.phone}
          onChange={(phone) => props.onChange({ countryCode: props.countryCode, phone })}
          data-testid={props.testId ?? 'phone'}
          id={props.field.id}
        />
      </div>
    </FormField>
  );
}

export function TextField(props: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  type?: string;
  testId: string;
  maxLength?: number;
  inputMode?: 'numeric' | 'email' | 'text';
  autoComplete?: string;
  extra?: React.ReactNode;
  /** The visible label, in the page's language. */
  label: string;
  field: FieldState;
}) {
  return (
    <FormField field={props.field} label={props.label} className="acc-field-box">
      <div className="acc-field">
        <Input
          id={props.field.id}
          type={props.type ?? 'text'}
          value={props.value}
          onChange={props.onChange}
          placeholder={props.placeholder}
          maxLength={props.maxLength}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete}
          data-testid={props.testId}
        />
        {props.extra}
      </div>
    </FormField>
  );
}

/** What `NewPasswordFields` shows and changes (`useNewPassword().fields`). */
type NewPasswordFieldsProps = {
  password: string;
  repeat: string;
  onPassword: (v: string) => void;
  onRepeat: (v: string) => void;
};

/**
 * A new password and its repeat (register, forgot password, change password): their state for
 * `NewPasswordFields`, and `refusals()`, the error text key of what is wrong with each, or null.
 * `required`: an empty field gets its own text (register) rather than the password rule's.
 */
export function useNewPassword(options: { required?: boolean } = {}) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const refusals = () => {
    const passwordRefusal =
      options.required && !password
        ? ('error.passwordRequired' as const)
        : !isPassword(password)
          ? ('error.passwordRule' as const)
          : null;
    const repeatRefusal =
      options.required && !repeat
        ? ('error.repeatRequired' as const)
        : !passwordRefusal && password !== repeat
          ? ('error.passwordMismatch' as const)
          : null;
    return { password: passwordRefusal, repeat: repeatRefusal };
  };
  const fields: NewPasswordFieldsProps = { password, repeat, onPassword: setPassword, onRepeat: setRepeat };
  return { password, repeat, refusals, fields };
}

/** A new password and its repeat (register, forgot password, change password). */
export function NewPasswordFields(
  props: NewPasswordFieldsProps & {
    /** The first field's placeholder key: `passwordPlaceholder` or `newPasswordPlaceholder`. */
    placeholder: 'passwordPlaceholder' | 'newPasswordPlaceholder';
    fieldOf: (name: 'password' | 'repeat') => FieldState;
  },
) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <TextField
        value={props.password}
        onChange={props.onPassword}
        type="password"
        placeholder={t(props.placeholder)}
        label={t(props.placeholder)}
        field={props.fieldOf('password')}
        testId="password"
        autoComplete="new-password"
      />
      <TextField
        value={props.repeat}
        onChange={props.onRepeat}
        type="password"
        placeholder={t('repeatPlaceholder')}
        label={t('repeatPlaceholder')}
        field={props.fieldOf('repeat')}
        testId="repeat-password"
        autoComplete="new-password"
      />
    </>
  );
}

/**
 * The SMS code field with its "get code" button and resend countdown. When the server asks for the
 * slide puzzle (USR00016), the puzzle opens and the code is asked again with its pass.
 */
export function CodeField(props: {
  code: string;
  onCode: (v: string) => void;
  purpose: SmsPurpose;
  countryCode?: string;
  phone?: string;
  /** Checks the phone first; returns false to stop. */
  beforeSend?: () => boolean;
  field: FieldState;
}) {
  const { t } = useTranslation('accounts');
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [puzzle, setPuzzle] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);

  const countdown = (seconds: number) => {
    setLeft(seconds);
    clearInterval(timer.current);
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s <= 1) clearInterval(timer.current);
        return Math.max(0, s - 1);
      });
    }, 1000);
  };

  const send = async (imageToken?: string) => {
    if (props.beforeSend && !props.beforeSend()) return;
    setSending(true);
    try {
      const data = await call(
        sendSms,
        { countryCode: props.countryCode ?? '+855', phone: props.phone ?? '', type: props.purpose, imageToken },
        { quiet: true },
      );
      countdown(data.resendSeconds);
      showToast(t('codeSent'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'USR00016') setPuzzle(true);
      else if (error instanceof ApiError && error.code !== 'DOUBLE_TAP') showToast(error.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <TextField
        value={props.code}
        onChange={(v) => props.onCode(v.replace(/\D/g, ''))}
        placeholder={t('codePlaceholder')}
        label={t('codeLabel')}
        field={props.field}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        testId="code"
        extra={
          <Button
            size="small"
            color="primary"
            fill="none"
            disabled={left > 0}
            loading={sending}
            onClick={() => send()}
            data-testid="send-code"
          >
            {left > 0 ? t('resendIn', { seconds: left }) : t('getCode')}
          </Button>
        }
      />
      {puzzle && (
        <SlidePuzzle
          onClose={() => setPuzzle(false)}
          onPass={(token) => {
            setPuzzle(false);
            void send(token);
          }}
        />
      )}
    </>
  );
}

export { type PuzzleInfo, SlidePuzzle } from '../../../shared/ui/SlidePuzzle.tsx';

/** Privacy policy and user agreement (spec §5: ticked before login). */
export function AgreeBox(props: { checked: boolean; onChange: (v: boolean) => void; field: FieldState }) {
  const { t } = useTranslation('accounts');
  return (
    <FormField field={props.field} className="acc-agree">
      <Checkbox id={props.field.id} checked={props.checked} onChange={props.onChange} data-testid="agree">
        <span className="acc-agree__text">
          {t('agreePrefix')} <Link to="/privacy">{t('privacyPolicy')}</Link> {t('and')}{' '}
          <Link to="/terms">{t('userAgreement')}</Link>
        </span>
      </Checkbox>
    </FormField>
  );
}
