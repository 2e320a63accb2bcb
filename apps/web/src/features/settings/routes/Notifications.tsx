import {
  NOTIFICATION_GROUP_NAMES,
  type NotificationChannelName,
  type NotificationGroupName,
  type NotificationSettings,
} from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import {
  useNotificationSettings,
  usePushOff,
  usePushOn,
  useSaveChoices,
  useTelegramLink,
  useUnlinkTelegram,
} from '../api/notifications.ts';
import { PushCard } from '../PushCard.tsx';
import '../settings.css';

/** The channels a shopper chooses. */
const CHANNELS: NotificationChannelName[] = ['inApp', 'sms', 'telegram', 'push'];

function usable(settings: NotificationSettings, channel: NotificationChannelName): boolean {
  if (channel === 'sms') return settings.phone;
  if (channel === 'telegram') return settings.telegram.linked;
  if (channel === 'push') return settings.pushDevices > 0;
  return true;
}

/** /settingsNotifications: per group and channel, where the shop tells the shopper what happened. */
export function Component() {
  const { t } = useTranslation('settings');
  const { token, thirdId } = useSession();
  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);
  const [link, setLink] = useState<{ link: string; expiresAt: string } | null>(null);
  const { data: settings } = useNotificationSettings(Boolean(link));
  const save = useSaveChoices();
  const makeLink = useTelegramLink();
  const unlink = useUnlinkTelegram();
  const pushOn = usePushOn();
  const pushOff = usePushOff();
  const linked = settings?.telegram.linked ?? false;
  useEffect(() => {
    if (linked) setLink(null);
  }, [linked]);

  const toggle = (group: NotificationGroupName, channel: NotificationChannelName, on: boolean) =>
    save.mutate({ [group]: { [channel]: on } });

  return (
    <>
      <PageHeader title={t('notifications.title')} />
      <main className="ntf-page">
        {settings && (
          <>
            <List className="card" header={t('notifications.telegram')}>
              <div className="ntf-telegram" data-testid="telegram-state">
                {linked ? (
                  <>
                    <p>{t('notifications.telegramLinked', { name: settings.telegram.name })}</p>
                    <Button
                      size="small"
                      onClick={() => unlink.mutate()}
                      loading={unlink.isPending}
                      data-testid="telegram-unlink"
                    >
                      {t('notifications.unlink')}
                    </Button>
                  </>
                ) : !settings.telegram.available ? (
                  <p>{t('notifications.telegramUnavailable')}</p>
                ) : link ? (
                  <>
                    <p>{t('notifications.telegramOpen')}</p>
                    <a
                      className="ntf-link"
                      href={link.link}
                      target="_blank"
                      rel="noreferrer"
                      data-testid="telegram-link"
                    >
                      {t('notifications.openTelegram')}
                    </a>
                    <p className="ntf-hint">
                      {t('notifications.validUntil', { time: formatDateTime(link.expiresAt, currentLanguage()) })}
                    </p>
                  </>
                ) : (
                  <>
                    <p>{t('notifications.telegramWhy')}</p>
                    <Button
                      size="small"
                      color="primary"
                      loading={makeLink.isPending}
                      onClick={() => makeLink.mutate(undefined, { onSuccess: setLink })}
                      data-testid="telegram-link-start"
                    >
                      {t('notifications.link')}
                    </Button>
                  </>
                )}
              </div>
            </List>
            <PushCard settings={settings} on={pushOn} off={pushOff} />
            {NOTIFICATION_GROUP_NAMES.map((group) => (
              <fieldset className="card ntf-group" key={group} data-testid={`group-${group}`}>
                <legend>{t(`notifications.group.${group}`)}</legend>
                {group === 'promotions' && (
                  <p className="ntf-hint" data-testid="promotions-consent">
                    {settings.promotionsConsentAt
                      ? t('notifications.consentSince', {
                          time: formatDateTime(settings.promotionsConsentAt, currentLanguage()),
                        })
                      : t('notifications.consentAsk')}
                  </p>
                )}
                {CHANNELS.map((channel) => {
                  const id = `ntf-${group}-${channel}`;
                  const can = usable(settings, channel);
                  return (
                    <label className="ntf-row" htmlFor={id} key={channel}>
                      <span>
                        {t(`notifications.channel.${channel}`)}
                        {!can && <span className="ntf-hint"> · {t(`notifications.needs.${channel}`)}</span>}
                      </span>
                      <input
                        id={id}
                        type="checkbox"
                        role="switch"
                        aria-checked={settings.choices[group][channel] && can}
                        checked={settings.choices[group][channel] && can}
                        disabled={!can || save.isPending}
                        onChange={(event) => toggle(group, channel, event.target.checked)}
                        data-testid={id}
                      />
                    </label>
                  );
                })}
              </fieldset>
            ))}
            <p className="ntf-hint ntf-note">{t('notifications.securityNote')}</p>
          </>
        )}
      </main>
    </>
  );
}
