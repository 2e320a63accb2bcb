import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BRIDGE_CALLS, bridge, type HostInfo } from '../../../shared/bridge/bridge.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import '../webview.css';

/** How long a diagnostic call waits for the host's answer. */
const ANSWER_WAIT_MS = 5_000;

type Outcome = { at: string; ok: boolean; text: string };

/**
 * /h5/test: diagnostics of the wallet app's web view — whether a host app listens on the bridge,
 * what it says of itself (version, language), the shop's language and browser, and a button per
 * bridge call with what came back.
 */
export function Component() {
  const { t } = useTranslation('webview');
  const host = bridge();
  const inHost = host.inHost();
  const [info, setInfo] = useState<HostInfo | null>(null);
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  useEffect(() => {
    if (!inHost) return;
    host
      .request<HostInfo>('host.info', {}, ANSWER_WAIT_MS)
      .then((answer) => setInfo(answer ?? {}))
      .catch(() => setInfo({}));
  }, [host, inHost]);
  async function run(call: (typeof BRIDGE_CALLS)[number]) {
    const at = new Date().toLocaleTimeString();
    if (call.kind === 'send') {
      host.send(call.type, call.sample);
      setOutcomes((o) => ({ ...o, [call.type]: { at, ok: inHost, text: inHost ? t('sent') : t('noHost') } }));
      return;
    }
    try {
      const answer = await host.request(call.type, call.sample, ANSWER_WAIT_MS);
      setOutcomes((o) => ({ ...o, [call.type]: { at, ok: true, text: JSON.stringify(answer, null, 2) ?? 'null' } }));
    } catch (error) {
      const text = inHost ? t('noAnswer', { seconds: ANSWER_WAIT_MS / 1000 }) : t('noHost');
      setOutcomes((o) => ({ ...o, [call.type]: { at, ok: false, text: `${text} (${(error as Error).message})` } }));
    }
  }
  return (
    <>
      <PageHeader title={t('title')} />
      <div className="webview-test">
        <section className="card" style={{ padding: 12 }}>
          <dl>
            <dt>{t('bridge')}</dt>
            <dd data-testid="webview-bridge">{inHost ? t('present') : t('absent')}</dd>
            <dt>{t('appVersion')}</dt>
            <dd data-testid="webview-app-version">{info?.appVersion ?? (inHost ? t('asking') : '—')}</dd>
            <dt>{t('hostLanguage')}</dt>
            <dd>{info?.language ?? '—'}</dd>
            <dt>{t('shopLanguage')}</dt>
            <dd data-testid="webview-language">{currentLanguage()}</dd>
            <dt>{t('browser')}</dt>
            <dd>{navigator.userAgent}</dd>
          </dl>
        </section>
        <section className="card" style={{ padding: 12 }}>
          <h2 style={{ fontSize: 15, margin: '0 0 4px' }}>{t('calls')}</h2>
          {!inHost && <p className="webview-test__note">{t('outsideNote')}</p>}
          {BRIDGE_CALLS.map((call) => {
            const outcome = outcomes[call.type];
            return (
              <div className="webview-test__call" key={call.type} data-testid={`bridge-call-${call.type}`}>
                <div>
                  <code>{call.type}</code> <span className="webview-test__note">({t(`kind.${call.kind}`)})</span>
                </div>
                <Button size="small" color="primary" fill="outline" onClick={() => void run(call)}>
                  {t('try', { type: call.type })}
                </Button>
                {outcome && (
                  <pre data-testid={`bridge-answer-${call.type}`} style={{ color: outcome.ok ? undefined : '#d4380d' }}>
                    {outcome.at} — {outcome.text}
                  </pre>
                )}
              </div>
            );
          })}
        </section>
      </div>
    </>
  );
}
