/** The banner jump table lives in the contracts (the console previews it); the shop re-exports it here. */
import { HAITAO_CHANNEL_COOKIE } from '@shop/contracts';
import { getCookie, setCookie } from './cookies.ts';

export { appendParams, bannerJump, type JumpContext, type JumpTarget } from '@shop/contracts';

/**
 * The overseas channel the phone chose (spec §2's sort, 0 taobao, 1 alibaba): a cookie, so that the
 * server draws the overseas home in it (decision 0055).
 */
export const storeChannelSort = (sort: 0 | 1) => setCookie(HAITAO_CHANNEL_COOKIE, String(sort));
export const storedChannelSort = () => getCookie(HAITAO_CHANNEL_COOKIE);
