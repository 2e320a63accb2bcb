import { currentLanguage, i18next } from '../i18n/index.ts';
import { session } from '../session/store.ts';
import { promptLogin, showToast } from '../ui/feedback.ts';
import { createApiClient } from './client.ts';
import { takeFirstAnswer } from './firstAnswers.ts';

export { ApiError, type CallOptions, isMissingCode } from './client.ts';
export { firstAnswerData, paintedFor } from './firstAnswers.ts';

/** The one client every feature calls the server with. */
export const api = createApiClient({
  fetch: (...args) => fetch(...args),
  language: currentLanguage,
  session,
  toast: showToast,
  promptLogin,
  networkErrorText: () => i18next.t('networkError'),
  firstAnswer: takeFirstAnswer,
});
