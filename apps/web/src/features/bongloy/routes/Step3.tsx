import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { uploadPicture } from '../../../shared/uploads/upload.ts';
import { useBongloyPage, useStep3 } from '../api/bongloy.ts';
import { SignaturePad, type SignaturePadHandle } from '../components/SignaturePad.tsx';
import { GuardStep, Steps, stepPath } from '../components/Steps.tsx';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloy/step3: the e-signature drawn with a finger and the card service terms accepted. */
function Screen() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const { data, isPending } = useBongloyPage();
  const save = useStep3();
  const pad = useRef<SignaturePadHandle>(null);
  const [agree, setAgree] = useState(false);
  const [busy, setBusy] = useState(false);
  const draft = data?.draft;

  if (isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (!draft || draft.step < 3 || (draft.state !== 'DRAFT' && draft.state !== 'WP'))
    return <GuardStep draft={draft} step={3} />;

  const submit = async () => {
    if (!pad.current || pad.current.isEmpty()) return showToast(t('step3.signFirst'));
    if (!agree) return showToast(t('step3.agreeFirst'));
    setBusy(true);
    try {
      const blob = await pad.current.toBlob();
      if (!blob) return;
      const signature = await uploadPicture('tmp', blob, 'signature.png');
      await save.mutateAsync({ id: draft.id, signature: signature.id, agree: true });
      navigate(stepPath(4));
    } catch {
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('apply')} />
      <Steps current={3} />
      <main className="blg-form card">
        <p className="blg-note">{t('step3.intro')}</p>
        <SignaturePad ref={pad} />
        {draft.signature && <p className="blg-ok">{t('step3.already')}</p>}
        <Checkbox checked={agree} onChange={setAgree} data-testid="terms">
          <span className="blg-terms">{t('step3.agree')}</span>
        </Checkbox>
        <button
          type="button"
          className="link-button blg-guide"
          onClick={() => navigate('/bongloy/terms')}
          data-testid="read-terms"
        >
          {t('step3.readTerms')}
        </button>
      </main>
      <div className="blg-actions">
        <Button block color="primary" size="large" loading={busy} onClick={submit} data-testid="step3-next">
          {t('next')}
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
