import { type ReactNode, useLayoutEffect, useRef } from 'react';

/**
 * The heights of the fixed bars on screen now. The page area (app/RootLayout, `.page-area`) keeps
 * this much room at its bottom (`--bottom-bar-height`), so no control of a page ever lies under a
 * fixed bar, whatever the screen, language or bar height: the room is made once, in the layout,
 * never by a screen's own spacer.
 */
const heights = new Map<symbol, number>();

function publish() {
  const tallest = Math.max(0, ...heights.values());
  document.documentElement.style.setProperty('--bottom-bar-height', `${Math.ceil(tallest)}px`);
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
    const measure = () => {
      heights.set(key, node.getBoundingClientRect().height);
      publish();
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(node);
    return () => {
      observer?.disconnect();
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
