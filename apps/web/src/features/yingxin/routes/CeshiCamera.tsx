import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCarLoan } from '../api/yingxin.ts';
import { GuardPage, Steps } from '../components/Steps.tsx';
import { type PictureSource, rememberSource } from '../source.ts';
import '../yingxin.css';

/** What the check found: not asked yet, asking, a live picture, refused, no camera here, or another fault. */
type Check = 'idle' | 'asking' | 'ready' | 'refused' | 'absent' | 'failed';

/** The browser's answer to getUserMedia, in the check's words. */
function outcomeOf(error: unknown): Check {
  const name = (error as { name?: string } | null)?.name ?? '';
  if (['NotAllowedError', 'PermissionDeniedError', 'SecurityError'].includes(name)) return 'refused';
  if (['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'].includes(name)) return 'absent';
  return 'failed';
}

/**
 * /yingxin/ceshiCamera: a camera check before the pictures. Asks for the camera (getUserMedia,
 * where the browser has it), shows what it sees, and says plainly when it was refused or there is
 * none, offering to choose the pictures from files instead.
 */
function Screen() {
  const { t } = useTranslation('yingxin');
  const navigate = useNavigate();
  const { data, isPending } = useCarLoan();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [check, setCheck] = useState<Check>('idle');

  const stop = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  };
  // The camera is let go when the page closes.
  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  const ask = async () => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!window.isSecureContext || typeof media?.getUserMedia !== 'function') return setCheck('absent');
    setCheck('asking');
    try {
      stop();
      stream.current = await media.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      if (video.current) {
        video.current.srcObject = stream.current;
        await video.current.play().catch(() => undefined);
      }
      setCheck('ready');
    } catch (error) {
      setCheck(outcomeOf(error));
    }
  };
  const go = (source: PictureSource) => {
    stop();
    rememberSource(source);
    navigate(`/yingxin/carProve?source=${source}`);
  };

  if (isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  const application = data?.application;
  if (application?.state !== 'DRAFT' || application.step < 3) return <GuardPage application={application} page={3} />;

  return (
    <>
      <PageHeader title={t('camera.title')} />
      <Steps current={3} />
      <main className="yx-form card" data-testid="yx-camera" data-check={check}>
        <p className="yx-note">{t('camera.intro')}</p>
        <div className={`yx-camera yx-camera--${check}`}>
          <video ref={video} playsInline muted autoPlay aria-label={t('camera.preview')} hidden={check !== 'ready'} />
          {check !== 'ready' && <span className="yx-camera__icon" aria-hidden="true" />}
        </div>
        <p className={`yx-camera-state yx-camera-state--${check}`} role="status" data-testid="yx-camera-state">
          {t(`camera.state.${check}`)}
        </p>
        {(check === 'refused' || check === 'absent' || check === 'failed') && (
          <p className="yx-note">{t(`camera.help.${check}`)}</p>
        )}
      </main>
      <div className="yx-actions">
        {check === 'ready' ? (
          <Button block color="primary" size="large" onClick={() => go('camera')} data-testid="yx-camera-continue">
            {t('camera.continue')}
          </Button>
        ) : (
          <Button
            block
            color="primary"
            size="large"
            loading={check === 'asking'}
            onClick={ask}
            data-testid="yx-camera-ask"
          >
            {check === 'idle' ? t('camera.ask') : t('camera.again')}
          </Button>
        )}
        <Button block fill="outline" onClick={() => go('files')} data-testid="yx-camera-files">
          {t('camera.files')}
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
