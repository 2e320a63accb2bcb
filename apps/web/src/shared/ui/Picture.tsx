import { pictureSrc, pictureSrcSet } from '@shop/contracts';
import type { CSSProperties } from 'react';

/**
 * A catalogue picture sized for the screen: the browser picks the width from `sizes`; pictures
 * below the fold load lazily unless `eager`.
 *
 * In the server's first paint (src/paint.tsx) a picture that is not `eager` names its file in
 * `data-src`/`data-srcset` only: the phone asks for it once the first screen (its eager pictures
 * and its font) is shown (page-scripts/boot.js), so the rest of the screen's pictures do not share
 * a slow network with those (issue 24). The app's take-over keeps the element as it is (Preact does
 * not compare attributes when it takes a server's elements over).
 */
export function Picture({
  url,
  alt,
  sizes,
  eager,
  className,
  style,
}: {
  url: string | null;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  if (!url) return <div className={`picture picture--empty ${className ?? ''}`} style={style} aria-hidden />;
  const files =
    import.meta.env.SSR && !eager
      ? { 'data-src': pictureSrc(url), 'data-srcset': pictureSrcSet(url) }
      : { src: pictureSrc(url), srcSet: pictureSrcSet(url) };
  return (
    <img
      className={`picture ${className ?? ''}`}
      style={style}
      {...files}
      sizes={sizes}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchpriority: 'high' } : {})}
    />
  );
}
