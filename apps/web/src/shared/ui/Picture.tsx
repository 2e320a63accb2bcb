import type { CSSProperties } from 'react';

const WIDTHS = [160, 320, 480, 800];

/** srcset of a catalogue picture url (`/v1/catalogue/image/{id}`) at the widths the server serves. */
export function srcSet(url: string): string {
  return WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', ');
}

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
      src={`${url}?w=320`}
      srcSet={srcSet(url)}
      sizes={sizes}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchpriority: 'high' } : {})}
    />
  );
}
