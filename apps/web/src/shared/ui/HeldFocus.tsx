import { type ReactNode, useEffect, useRef } from 'react';
import { holdFocus } from './heldFocus.ts';

/**
 * The content of an antd-mobile sheet (Popup) as a modal dialog: named, holding the keyboard's
 * focus while `open`, closed by Escape, and giving the focus back to its opener (heldFocus.ts).
 * antd-mobile's Popup does none of it: its body is a plain div the focus never enters.
 */
export function HeldFocus({
  open,
  label,
  onClose,
  className,
  children,
}: {
  open: boolean;
  /** The dialog's name, in the page's language. */
  label: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open || !ref.current) return;
    return holdFocus(ref.current, () => close.current());
  }, [open]);
  return (
    <div ref={ref} role="dialog" aria-modal="true" aria-label={label} tabIndex={-1} className={className}>
      {children}
    </div>
  );
}
