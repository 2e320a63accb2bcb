import { type ReactNode, useLayoutEffect, useRef } from 'react';

/**
 * The heights of the fixed bars on screen now. The page area (app/RootLayout, `.page-area`) keeps
 * this much room at its bottom (`--bottom-bar-height`), so no control of a page ever lies under a
 * fixed bar, whatever the screen, language or bar height: the room is made once, in the layout,
 * never by a screen's own spacer.
 */
const heights = new Map<symbol, number>();

let published = '';

function publish() {
  const value = `${Math.ceil(Math.max(0, ...heights.values()))}px`;
  // A custom property on the root restyles the whole page: set it only when it changes.
  if (value === published) return;
  published = value;
  document.documentElement.style.setProperty('--bottom-bar-height', value);
}

/** A bar fixed at the bottom of the screen (pay, place order, buy now, the tab bar). */
export function BottomBar({
  className,
  children,
  testId,
  as = 'div',
  label,
}: {
  className?: string;
  children: ReactNode;
  testId?: string;
  /** `nav` for the tab bar. */
  as?: 'div' | 'nav';
  label?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const key = Symbol('bottom-bar');
    const measure = (height: number) => {
      heights.set(key, height);
      publish();
    };
    // The observer reports the bar's first size after the frame's own layout, before it is
    // painted; measuring here instead would force a layout of the whole page inside the app's
    // first render (about 65 ms on a slow phone, issue 24).
    if (typeof ResizeObserver === 'undefined') {
      measure(node.getBoundingClientRect().height);
      return () => {
        heights.delete(key);
        publish();
      };
    }
    const observer = new ResizeObserver(([entry]) =>
      measure(entry.borderBoxSize?.[0]?.blockSize ?? node.getBoundingClientRect().height),
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      heights.delete(key);
      publish();
    };
  }, []);
  const Tag = as;
  return (
    <Tag
      ref={ref as never}
      className={`bottom-bar${className ? ` ${className}` : ''}`}
      data-testid={testId}
      aria-label={label}
    >
      {children}
    </Tag>
  );
}
