import {
  type CallDef,
  type CallInput,
  createTelegramLink,
  getNotificationSettings,
  getPushKey,
  type NotificationSettings,
  removePushSubscription,
  saveNotificationSettings,
  savePushSubscription,
  unlinkTelegram,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { useSession } from '../../../shared/session/store.ts';

function call<T extends CallDef>(def: T, input: CallInput<T>) {
  return api.call(def, input as Record<string, unknown>);
}

const KEY = ['notification-settings'];

/** The shopper's notification settings; asked again every few seconds while a Telegram link is open. */
export function useNotificationSettings(waitingForTelegram: boolean) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...KEY, token],
    queryFn: () => call(getNotificationSettings, {}),
    enabled: Boolean(token),
    refetchInterval: waitingForTelegram ? 3000 : false,
  });
}

export function useSaveChoices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choices: CallInput<typeof saveNotificationSettings>['choices']) =>
      call(saveNotificationSettings, { choices }),
    // The switch moves at once; the server's answer (with the consent's time) then replaces it.
    onMutate: (choices) =>
      client.setQueriesData<NotificationSettings>({ queryKey: KEY }, (old) => {
        if (!old) return old;
        const next = structuredClone(old);
        for (const [group, channels] of Object.entries(choices))
          Object.assign(next.choices[group as keyof NotificationSettings['choices']], channels);
        return next;
      }),
    onSuccess: (data: NotificationSettings) => client.setQueriesData({ queryKey: KEY }, data),
    onError: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useTelegramLink() {
  return useMutation({ mutationFn: () => call(createTelegramLink, {}) });
}

export function useUnlinkTelegram() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(unlinkTelegram, {}),
    onSuccess: (data: NotificationSettings) => client.setQueriesData({ queryKey: KEY }, data),
  });
}

/** Turns push on for this device (service worker, permission, subscription) and tells the shop. */
export function usePushOn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const key = await call(getPushKey, {});
      const { subscribeDevice } = await import('../push-device.ts');
      const subscription = await subscribeDevice(key);
      if (!subscription) return null;
      return call(savePushSubscription, subscription);
    },
    onSuccess: (data: NotificationSettings | null) => {
      if (data) client.setQueriesData({ queryKey: KEY }, data);
    },
  });
}

export function usePushOff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { unsubscribeDevice } = await import('../push-device.ts');
      const endpoint = await unsubscribeDevice();
      return endpoint ? call(removePushSubscription, { endpoint }) : call(getNotificationSettings, {});
    },
    onSuccess: (data: NotificationSettings) => client.setQueriesData({ queryKey: KEY }, data),
  });
}
