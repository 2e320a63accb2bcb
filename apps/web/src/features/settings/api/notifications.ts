import {
  type CallDef,
  type CallInput,
  createTelegramLink,
  getNotificationSettings,
  type NotificationSettings,
  saveNotificationSettings,
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
    onSuccess: (data: NotificationSettings) => client.setQueriesData({ queryKey: KEY }, data),
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
