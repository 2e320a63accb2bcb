import type { BongloyDocument } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { PicturePicker } from '../../../shared/uploads/PicturePicker.tsx';
import { useBongloyPage, useStep2 } from '../api/bongloy.ts';
import { GuardStep, Steps, stepPath } from '../components/Steps.tsx';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

type Picture = { id: string; url: string } | null;

/** /bongloy/step2: the identity pictures, every one required (the visa page for foreigners only). */
function Screen() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const { data, isPending } = useBongloyPage();
  const save = useStep2();
  const draft = data?.draft;
  const [pics, setPics] = useState<Record<BongloyDocument, Picture>>({
    passportInfo: null,
    visa: null,
    holding: null,
    selfie: null,
  });
  useEffect(() => {
    if (draft) setPics((p) => ({ ...p, ...Object.fromEntries(Object.entries(draft.documents).filter(([, v]) => v)) }));
  }, [draft]);

  if (isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  const guard = <GuardStep draft={draft} step={2} />;
  if (!draft || draft.step < 2 || (draft.state !== 'DRAFT' && draft.state !== 'WP')) return guard;

  const wanted: BongloyDocument[] = draft.needsVisa
    ? ['passportInfo', 'visa', 'holding', 'selfie']
    : ['passportInfo', 'holding', 'selfie'];
  const submit = async () => {
    const missing = wanted.filter((k) => !pics[k]);
    if (missing.length) return showToast(t('step2.missing', { names: missing.map((k) => t(`step2.${k}`)).join(', ') }));
    try {
      await save.mutateAsync({
        id: draft.id,
        passportInfo: pics.passportInfo?.id as string,
        holding: pics.holding?.id as string,
        selfie: pics.selfie?.id as string,
        ...(draft.needsVisa ? { visa: pics.visa?.id } : {}),
      });
      navigate(stepPath(3));
    } catch {}
  };
  const guides: Partial<Record<BongloyDocument, string>> = {
    passportInfo: '/passportInfo',
    visa: '/visaHold',
    holding: '/passportHold',
  };

  return (
    <>
      <PageHeader title={t('apply')} />
      <Steps current={2} />
      <main className="blg-form card">
        <p className="blg-note">{t('step2.intro')}</p>
        <div className="pic-pickers">
          {wanted.map((k) => (
            <div key={k}>
              <PicturePicker
                name={k}
                label={t(`step2.${k}`)}
                picture={pics[k]}
                onPicked={(p) => setPics((all) => ({ ...all, [k]: p }))}
              />
              {guides[k] && (
                <button type="button" className="link-button blg-guide" onClick={() => navigate(guides[k] as string)}>
                  {t('step2.howTo')}
                </button>
              )}
            </div>
          ))}
        </div>
        <p className="blg-note">{t('step2.private')}</p>
      </main>
      <div className="blg-actions">
        <Button block color="primary" size="large" loading={save.isPending} onClick={submit} data-testid="step2-next">
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
