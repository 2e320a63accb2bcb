import { bindPhone } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { session, useSession } from '../../../shared/session/store.ts';
import { useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call, completeLogin } from '../api/accounts.ts';
import { CodeField, PhoneField } from '../components/fields.tsx';
import { isCode, isPhoneLike } from '../components/validate.ts';

/**
 * /bindingUser: a shopper who came through Facebook, Google or WeChat binds a phone. Also where the
 * login prompt sends a third-party shopper whose session ended (spec §8).
 */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { token, thirdType, thirdUserName } = useSession();
  const [phone, setPhone] = useState({ countryCode: '+855', phone: '' });
  const [code, setCode] = useState('');
  const form = useFieldErrors<'phone' | 'code'>();
  const phoneOk = () => form.check({ phone: !isPhoneLike(phone.phone) && t('error.phone') });
  const submit = async () => {
    const ok = form.check({
      phone: !isPhoneLike(phone.phone) && t('error.phone'),
      code: !isCode(code) && t('error.codeLength'),
    });
    if (!ok) return;
    try {
      const result = await call(bindPhone, { ...phone, code }, { quiet: true });
      completeLogin({ ...result, thirdType, thirdId: session.get().thirdId, thirdUserName }, navigate);
    } catch (error) {
      form.refuseFromServer(error, {
        USR00010: 'phone',
        USR00036: 'phone',
        USR00037: 'phone',
        USR00011: 'code',
        USR00012: 'code',
      });
    }
  };
  return (
    <>
      <PageHeader title={t('bindPhone')} />
      <main className="acc-page">
        {token ? (
          <>
            <p className="acc-hint" data-testid="binding-intro">
              {t('bindPhoneIntro', { name: thirdUserName || t(`provider.${thirdType || 'google'}`) })}
            </p>
            <div className="acc-form card">
              <PhoneField {...phone} onChange={setPhone} field={form.field('phone')} />
              <CodeField
                code={code}
                onCode={setCode}
                purpose="bind"
                {...phone}
                beforeSend={phoneOk}
                field={form.field('code')}
              />
            </div>
            <Button
              block
              color="primary"
              size="large"
              className="acc-submit"
              onClick={submit}
              data-testid="bind-submit"
            >
              {t('bindPhone')}
            </Button>
          </>
        ) : (
          <>
            <p className="acc-hint">{t('bindLoginAgain')}</p>
            <Button block color="primary" size="large" className="acc-submit" onClick={() => navigate('/login')}>
              {t('login')}
            </Button>
          </>
        )}
      </main>
    </>
  );
}
