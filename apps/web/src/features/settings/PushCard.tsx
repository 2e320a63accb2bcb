import type { NotificationSettings } from '@shop/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceState, deviceEndpoint, deviceState } from './push-device.ts';

type Props = {
  settings: NotificationSettings;
  on: UseMutationResult<NotificationSettings | null, Error, void>;
  off: UseMutationResult<NotificationSettings, Error, void>;
};

/**
 * Push on this device: the only place the shop registers its service worker and asks for the
 * browser's permission (decision 0073), when the shopper presses "Turn on".
 */
export function PushCard({ settings, on, off }: Props) {
  const { t } = useTranslation('settings');
  const [state, setState] = useState<DeviceState>(() => deviceState());
  // This browser's subscription counts only while the shop still has a device (a 410 removed it).
  const shown: DeviceState = state === 'on' && settings.pushDevices === 0 && deviceEndpoint() ? 'off' : state;
  return (
    <List className="card" header={t('notifications.pushTitle')}>
      <div className="ntf-telegram" data-testid="push-state" data-state={shown}>
        {shown === 'unsupported' ? (
          <p>{t('notifications.pushUnsupported')}</p>
        ) : shown === 'denied' ? (
          <p>{t('notifications.pushDenied')}</p>
        ) : shown === 'on' ? (
          <>
            <p>{t('notifications.pushOn', { count: settings.pushDevices })}</p>
            <Button
              size="small"
              loading={off.isPending}
              onClick={() => off.mutate(undefined, { onSuccess: () => setState(deviceState()) })}
              data-testid="push-off"
            >
              {t('notifications.pushTurnOff')}
            </Button>
          </>
        ) : (
          <>
            <p>{t('notifications.pushWhy')}</p>
            <Button
              size="small"
              color="primary"
              loading={on.isPending}
              onClick={() => on.mutate(undefined, { onSettled: () => setState(deviceState()) })}
              data-testid="push-on"
            >
              {t('notifications.pushTurnOn')}
            </Button>
          </>
        )}
      </div>
    </List>
  );
}
