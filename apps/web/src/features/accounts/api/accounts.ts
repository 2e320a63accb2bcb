import { type CallDef, type CallInput, type LoginResult, queryInfo, setLogo, thirdList } from '@shop/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, type CallOptions, firstAnswerData } from '../../../shared/api/index.ts';
import { resumeCartAdd } from '../../../shared/cart/cart.ts';
import { currentLanguage, i18next } from '../../../shared/i18n/index.ts';
import { appState } from '../../../shared/navigation/state.ts';
import { session, useSession } from '../../../shared/session/store.ts';
import { showToast } from '../../../shared/ui/feedback.ts';

export { ApiError };

/** Calls the API with a contract; the input is typed by the contract. */
export function call<T extends CallDef>(def: T, input: CallInput<T>, options?: CallOptions) {
  return api.call(def, input as Record<string, unknown>, options);
}

/** The signed-in shopper's profile (null for a guest: no call, no prompt). */
export function useUserInfo() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['user-info', token],
    queryFn: () => api.call(queryInfo, {}, { silent: true }),
    initialData: () => firstAnswerData(queryInfo),
    enabled: Boolean(token),
  });
}

export function useThirdList() {
  const { token } = useSession();
  return useQuery({ queryKey: ['third-list', token], queryFn: () => api.call(thirdList, {}, { silent: true }) });
}

export function useRefreshUser() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['user-info'] });
}

/** Stores a login in the session (spec §3) and goes back where the shopper was, or to /personal. */
export function completeLogin(
  result: LoginResult & { thirdType?: string; thirdId?: string; thirdUserName?: string },
  navigate: (to: string, options?: { replace?: boolean }) => void,
) {
  session.update({
    token: result.token,
    userId: result.userId,
    userLevel: result.userLevel,
    userEmail: result.userEmail,
    userMobile: result.userMobile,
    userFullMobile: result.userFullMobile,
    country: result.country,
    imageUrl: result.imageUrl,
    hadHintLogin: false,
    thirdType: result.thirdType ?? '',
    thirdId: result.thirdId ?? '',
    thirdUserName: result.thirdUserName ?? '',
  });
  const back = appState.takeJumpPath();
  const blocked = ['/login', '/register', '/forgotPassword', '/loginTransition', '/bindingUser'];
  const fallback = back && !blocked.includes(back.split('?')[0]) ? back : '/personal';
  // An add to cart that asked for this login is done now, and the shopper is back on its product.
  void resumeCartAdd().then((resumed) => navigate(resumed ?? fallback, { replace: true }));
}

/** Uploads the avatar as multipart (the JSON client does not carry files). */
export async function uploadAvatar(file: Blob): Promise<{ imageUrl: string }> {
  const form = new FormData();
  form.append('file', file, 'avatar');
  const { token } = session.get();
  const response = await fetch(`${setLogo.path}?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { apptype: 'h5', appversion: '1.0', language: currentLanguage() },
    body: form,
  }).catch(() => null);
  const envelope = response
    ? ((await response.json().catch(() => null)) as { code: string; msg: string; data: { imageUrl: string } } | null)
    : null;
  if (!envelope) {
    showToast(i18next.t('networkError'));
    throw new ApiError('NETWORK', i18next.t('networkError'), 0);
  }
  if (envelope.code !== '0') {
    showToast(envelope.msg);
    throw new ApiError(envelope.code, envelope.msg, response?.status ?? 0);
  }
  return envelope.data;
}

/** The avatar's address for <img>: the owner's token travels in the query, as every call's does (spec §7). */
export function avatarSrc(imageUrl: string, token: string): string {
  return imageUrl && token ? `${imageUrl}&token=${encodeURIComponent(token)}` : '';
}
