/** The banner jump table lives in the contracts (the console previews it); the shop re-exports it here. */
export { appendParams, bannerJump, type JumpContext, type JumpTarget } from '@shop/contracts';

export const HAITAO_CHANNEL_SORT_KEY = 'haitao.channelSort';
