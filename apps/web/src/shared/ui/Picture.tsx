import { pictureSrc, pictureSrcSet } from '@shop/contracts';
import type { CSSProperties } from 'react';

/**
 * A catalogue picture sized for the screen: the browser picks the width from `sizes`; pictures
 * below the fold load lazily unless `eager`.
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
  return (
    <img
      className={`picture ${className ?? ''}`}
      style={style}
      src={pictureSrc(url)}
      srcSet={pictureSrcSet(url)}
      sizes={sizes}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchpriority: 'high' } : {})}
    />
  );
}
