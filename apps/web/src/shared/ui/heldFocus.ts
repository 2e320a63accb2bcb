/**
 * A dialog or sheet holds the keyboard's focus while it is open (issue 36, WCAG 2.4.3): the focus
 * moves into it, Tab and Shift+Tab go round its controls and never reach the page behind, Escape
 * closes it, and once it is closed the focus is back on the control that opened it. Plain DOM, for
 * the shop's own dialog (feedback.ts) as for antd-mobile's sheets (HeldFocus.tsx).
 */

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * The control that last had the focus: a sheet drawn a frame after its button was pressed may find
 * the focus already back on the body (the button's bar drawn again meanwhile).
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined')
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement && event.target !== document.body) lastFocused = event.target;
    },
    true,
  );

/** The controls inside `root` that Tab reaches, in order (those on view only). */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert]'),
  );
}

/**
 * Holds the focus inside `root` from now on; `onEscape` runs on the Escape key. `first` is where
 * the focus goes first (else `root` itself, which then needs tabindex="-1", so a screen reader
 * reads the dialog's name). Answers the release, which gives the focus back to the opener.
 */
export function holdFocus(root: HTMLElement, onEscape?: () => void, first?: HTMLElement | null): () => void {
  const active = document.activeElement;
  const opener = active instanceof HTMLElement && active !== document.body ? active : lastFocused;
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onEscape) {
      event.preventDefault();
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== 'Tab') return;
    const list = focusables(root);
    const active = document.activeElement;
    if (list.length === 0) {
      event.preventDefault();
      root.focus();
      return;
    }
    const [head, tail] = [list[0], list[list.length - 1]];
    const outside = !root.contains(active);
    if (event.shiftKey && (outside || active === head || active === root)) {
      event.preventDefault();
      tail.focus();
    } else if (!event.shiftKey && (outside || active === tail)) {
      event.preventDefault();
      head.focus();
    }
  };
  // The focus brought back when something behind the dialog takes it (a click on the page).
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Node && !root.contains(event.target)) (focusables(root)[0] ?? root).focus();
  };
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('focusin', onFocusIn);
  (first ?? root).focus({ preventScroll: true });
  return () => {
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('focusin', onFocusIn);
    // Back to the opener, unless the dialog's action has taken the shopper (and the focus) elsewhere.
    const active = document.activeElement;
    const stillHere = !active || active === document.body || root.contains(active);
    if (stillHere && opener?.isConnected) opener.focus({ preventScroll: true });
  };
}
