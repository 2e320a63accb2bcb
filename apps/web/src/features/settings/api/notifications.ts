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
