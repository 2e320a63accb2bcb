/** The widths a catalogue picture (`/v1/catalogue/image/{id}`) is served in (`?w=`). */
export const PICTURE_WIDTHS = [160, 320, 480, 800] as const;

/** A picture's srcset: the shop's screens and the server's preload hints say it the same way. */
export function pictureSrcSet(url: string): string {
  return PICTURE_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', ');
}

/** The picture's src for browsers without srcset. */
export const pictureSrc = (url: string) => `${url}?w=320`;
