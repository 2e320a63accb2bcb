import { CAR_PICTURES, type CarPicture, missingCarPictures, REQUIRED_CAR_PICTURES } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { type PickedPicture, PicturePicker } from '../../../shared/uploads/PicturePicker.tsx';
import { useCarLoan, useThirdPage } from '../api/yingxin.ts';
import { GuardPage, Steps } from '../components/Steps.tsx';
import { type PictureSource, rememberedSource, rememberSource } from '../source.ts';
import '../yingxin.css';

/**
 * /yingxin/carProve (`thirdpage`): pictures of the car and its papers. Each picture is uploaded
 * (`v1/upload/pictureofclient`) and saved with the draft at once; the last step sends it all to the
 * lender with the shopper's consent.
 */
function Screen() {
  const { t } = useTranslation('yingxin');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { data, isPending } = useCarLoan();
  const save = useThirdPage();
  const [agree, setAgree] = useState(false);
  // The pictures as the shopper has them now: each save sends them all (the server lets go of what a
  // save no longer names), one save after another, so a quick second picture never drops the first.
  const latest = useRef<Partial<Record<CarPicture, PickedPicture | null>>>({});
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const pictures = data?.application?.pictures;
  useEffect(() => {
    if (pictures) latest.current = { ...pictures, ...latest.current };
  }, [pictures]);
  const source: PictureSource =
    params.get('source') === 'camera' || params.get('source') === 'files'
      ? (params.get('source') as PictureSource)
      : rememberedSource();

  if (isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  const application = data?.application;
  if (application?.state !== 'DRAFT' || application.step < 3) return <GuardPage application={application} page={3} />;

  const ids = (pictures: Partial<Record<CarPicture, PickedPicture | null>>) =>
    Object.fromEntries(Object.entries(pictures).flatMap(([kind, p]) => (p ? [[kind, p.id]] : [])));
  const pick = (kind: CarPicture, picture: PickedPicture) => {
    latest.current = { ...latest.current, [kind]: picture };
    saving.current = saving.current.then(() =>
      save.mutateAsync({ pictures: ids(latest.current), submit: false }).catch(() => {}),
    );
  };
  const submit = async () => {
    await saving.current;
    const missing = missingCarPictures(latest.current);
    if (missing.length)
      return showToast(t('prove.missing', { names: missing.map((k) => t(`picture.${k}`)).join(', ') }));
    if (!agree) return showToast(t('prove.agreeFirst'));
    try {
      const sent = await save.mutateAsync({ pictures: ids(latest.current), submit: true, agree: true });
      navigate(`/yingxin/subSuccess?reference=${sent.reference}`, { replace: true });
    } catch {}
  };
  const switchTo = (next: PictureSource) => {
    rememberSource(next);
    setParams({ source: next }, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('title')} />
      <Steps current={3} />
      <main className="yx-form card" data-testid="yx-prove" data-source={source}>
        <p className="yx-note">{t(source === 'camera' ? 'prove.introCamera' : 'prove.introFiles')}</p>
        <p className="yx-switch">
          {source === 'camera' ? (
            <button type="button" className="link-button" onClick={() => switchTo('files')} data-testid="yx-use-files">
              {t('prove.useFiles')}
            </button>
          ) : (
            <Link to="/yingxin/ceshiCamera" data-testid="yx-check-camera">
              {t('prove.checkCamera')}
            </Link>
          )}
        </p>
        <div className="pic-pickers">
          {CAR_PICTURES.map((kind) => (
            <div key={kind} className="yx-picture">
              <PicturePicker
                name={kind}
                label={t(`picture.${kind}`)}
                optional={!REQUIRED_CAR_PICTURES.includes(kind)}
                picture={application.pictures[kind]}
                capture={source === 'camera' ? 'environment' : undefined}
                onPicked={(picture) => pick(kind, picture)}
                testId={`yx-picture-${kind}`}
              />
              <small className="yx-hint">{t(`pictureHint.${kind}`)}</small>
            </div>
          ))}
        </div>
        <p className="yx-note">{t('prove.private')}</p>
        <label className="yx-check">
          <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} data-testid="yx-agree" />
          <span>{t('prove.agree')}</span>
        </label>
      </main>
      <div className="yx-actions">
        <Button block color="primary" size="large" loading={save.isPending} onClick={submit} data-testid="yx-submit">
          {t('prove.submit')}
        </Button>
        <Button block fill="none" onClick={() => navigate('/yingxin/carBasicInformation')}>
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
