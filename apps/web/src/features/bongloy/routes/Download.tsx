import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { bridge } from '../../../shared/bridge/bridge.ts';
import { ContentDocument } from '../../../shared/content/ContentDocument.tsx';
import { deepLinkFor } from '../../../shared/navigation/rules.ts';
import { useSystemConfig } from '../../../shared/system/config.ts';
import '../bongloy.css';

/** Which phone store to offer first: the visitor's own, by the browser's description of itself. */
function phoneStore(userAgent: string): 'appStore' | 'googlePlay' | null {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'appStore';
  if (/Android/i.test(userAgent)) return 'googlePlay';
  return null;
}

/**
 * /bongloyDownload and /download/bongloy (where a shared link leads): why the wallet app, written in
 * the console (`bongloy.download`), and its store pages from the settings (`walletAppLinks`), the
 * visitor's own store first. Inside the wallet app there is nothing to download: on to the card.
 */
export function Component() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const config = useSystemConfig();
  const inApp = bridge().inHost();
  const first = phoneStore(navigator.userAgent);
  const stores = first === 'googlePlay' ? (['googlePlay', 'appStore'] as const) : (['appStore', 'googlePlay'] as const);
  return (
    <>
      <ContentDocument docKey="bongloy.download" page />
      <div className="blg-actions blg-stores" data-testid="stores">
        {inApp ? (
          <>
            <p className="blg-note">{t('download.inApp')}</p>
            <Button block color="primary" onClick={() => navigate('/bongloy')} data-testid="to-card">
              {t('download.toCard')}
            </Button>
          </>
        ) : (
          config && (
            <>
              {stores.map((store) => (
                <a
                  key={store}
                  className={`blg-store ${store === first ? 'blg-store--mine' : ''}`}
                  href={config.walletAppLinks[store]}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={`store-${store}`}
                >
                  <small>{t(`download.${store}.small`)}</small>
                  <strong>{t(`download.${store}.name`)}</strong>
                </a>
              ))}
              <a
                className="blg-store-open"
                href={deepLinkFor(config.deepLinkScheme, '/bongloy', '')}
                data-testid="open-app"
              >
                {t('download.openApp')}
              </a>
            </>
          )
        )}
      </div>
    </>
  );
}
