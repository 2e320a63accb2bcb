import { advice } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField, useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call } from '../api/accounts.ts';
import { TextField } from '../components/fields.tsx';
import { useRequireLogin } from '../components/useRequireLogin.ts';

/** /settingsFeedback: tell the shop something (text required, spec §5). */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  useRequireLogin();
  const [text, setText] = useState('');
  const [contact, setContact] = useState('');
  const form = useFieldErrors<'text' | 'contact'>();
  const submit = async () => {
    if (!form.check({ text: !text.trim() && t('error.feedback') })) return;
    try {
      await call(advice, { text, contact });
      showToast(t('feedbackThanks'));
      navigate(-1);
    } catch {}
  };
  return (
    <>
      <PageHeader title={t('feedback')} />
      <main className="acc-page">
        <div className="acc-form card">
          <FormField field={form.field('text')} label={t('feedback')}>
            <TextArea
              id={form.field('text').id}
              value={text}
              onChange={setText}
              placeholder={t('feedbackPlaceholder')}
              rows={6}
              maxLength={2000}
              showCount
              data-testid="feedback-text"
            />
          </FormField>
          <TextField
            value={contact}
            onChange={setContact}
            placeholder={t('feedbackContact')}
            label={t('feedbackContact')}
            field={form.field('contact')}
            testId="feedback-contact"
          />
        </div>
        <Button
          block
          color="primary"
          size="large"
          className="acc-submit"
          onClick={submit}
          data-testid="feedback-submit"
        >
          {t('send')}
        </Button>
      </main>
    </>
  );
}
