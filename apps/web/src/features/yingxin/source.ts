import { session } from '../../shared/storage.ts';

/** How the car's pictures are taken: the camera straight away, or chosen from the phone's files. */
export type PictureSource = 'camera' | 'files';
const KEY = 'yingxin.pictureSource';

/** The camera check's outcome, kept for the visit (the picture page reads it). */
export function rememberSource(source: PictureSource) {
  session.setItem(KEY, source);
}

export function rememberedSource(): PictureSource {
  return session.getItem(KEY) === 'camera' ? 'camera' : 'files';
}
