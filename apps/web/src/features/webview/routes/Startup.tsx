import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useJump } from '../../../shared/catalogue/Banners.tsx';
import { useSystemConfig } from '../../../shared/system/config.ts';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { useStartupAdvert } from '../api/startup.ts';
import { startupTarget } from '../target.ts';
import '../webview.css';

/** Seconds the launch advert stays before the shop goes on by itself. */
export const STARTUP_SECONDS = 3;

/**
 * /startup: the launch screen of the wallet app's entry (spec §2). The console's launch advert
 * with a skip button counting down; then on to the page it was opened for (`?redirect=/path`).
 * Without an advert it goes on at once.
 */
export function Component() {
  const { t } = useTranslation('webview');
  const navigate = useNavigate();
  const jump = useJump();
  const [params] = useSearchParams();
  const target = startupTarget(params.get('redirect'));
  const advert = useStartupAdvert();
  const appName = useSystemConfig()?.appName;
  const [left, setLeft] = useState(STARTUP_SECONDS);
  const gone = useRef(false);
  const goOn = (to = target) => {
    if (gone.current) return;
    gone.current = true;
    navigate(to, { replace: true });
  };
  const item = advert.data?.[0];
  const empty = advert.isError || (advert.isSuccess && !item);
  useEffect(() => {
    if (empty) goOn();
  });
  useEffect(() => {
    if (!item) return;
    const timer = setInterval(() => setLeft((s) => s - 1), 1000);
    return () => clearInterval(timer);
  }, [item]);
  useEffect(() => {
    if (left <= 0) goOn();
  });
  return (
    <main className="startup" data-testid="startup">
      {item && (
        <>
          <button
            type="button"
            className="startup__advert"
            aria-label={item.name}
            data-testid="startup-advert"
            onClick={() => {
              gone.current = true;
              jump(item);
            }}
          >
            <Picture url={item.imageUrl} alt="" sizes="100vw" />
            <span className="startup__title">{item.name}</span>
          </button>
          <button type="button" className="startup__skip" data-testid="startup-skip" onClick={() => goOn()}>
            {t('skip', { count: Math.max(left, 0) })}
          </button>
        </>
      )}
      <footer className="startup__brand">{appName ?? t('brand')}</footer>
    </main>
  );
}
