import { type UploadedPicture, type UploadPurpose, uploadPictureOfClient, uploadTmp } from '@shop/contracts';
import { ApiError } from '../api/index.ts';
import { currentLanguage, i18next } from '../i18n/index.ts';
import { session } from '../session/store.ts';
import { showToast } from '../ui/feedback.ts';

/**
 * Uploads a picture as multipart (the JSON client does not carry files): an identity or car
 * document (`pictureofclient`) or a drawing such as a signature (`tmp`). Private to the shopper
 * until a later call claims it. Errors toast in the shopper's language.
 */
export async function uploadPicture(
  purpose: UploadPurpose,
  file: Blob,
  filename = 'picture.jpg',
): Promise<UploadedPicture> {
  const form = new FormData();
  form.append('file', file, filename);
  const { token } = session.get();
  const path = purpose === 'pictureofclient' ? uploadPictureOfClient.path : uploadTmp.path;
  const response = await fetch(`${path}?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { apptype: 'h5', appversion: '1.0', language: currentLanguage() },
    body: form,
  }).catch(() => null);
  const envelope = response
    ? ((await response.json().catch(() => null)) as { code: string; msg: string; data: UploadedPicture } | null)
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
