import { i18next } from '../i18n/index.ts';
import { navigateTo } from '../navigation/state.ts';
import { holdFocus } from './heldFocus.ts';

/**
 * Toasts and the confirm dialog, drawn with plain DOM so the shell does not carry an animation
 * library for two boxes (see docs/decisions/0003). Styles live in app/styles.css.
 */

let toastTimer: ReturnType<typeof setTimeout> | undefined;

export function showToast(message: string, durationMs = 2000) {
  let box = document.getElementById('shop-toast');
  if (!box) {
    box = document.createElement('div');
    box.id = 'shop-toast';
    box.className = 'toast';
    box.setAttribute('role', 'status');
    box.setAttribute('aria-live', 'polite');
    document.body.appendChild(box);
  }
  box.textContent = message;
  box.hidden = false;
  if (toastTimer) clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    if (box) box.hidden = true;
  }, durationMs);
}

type ConfirmOptions = { title: string; content: string; confirmText: string; cancelText: string };

let dialogs = 0;

/**
 * A modal question; resolves true on confirm. Only its buttons close it, not a tap outside; Escape
 * is its cancel. It holds the keyboard's focus while open (on its confirm button first) and gives it
 * back to the control that opened it (heldFocus.ts); a screen reader reads its title and question.
 */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const mask = document.createElement('div');
    mask.className = 'dialog-mask';
    const dialog = document.createElement('div');
    dialog.className = 'dialog';
    dialog.setAttribute('role', 'alertdialog');
    dialog.setAttribute('aria-modal', 'true');
    dialogs += 1;
    const title = document.createElement('h2');
    title.className = 'dialog__title';
    title.id = `dialog-title-${dialogs}`;
    title.textContent = options.title;
    const content = document.createElement('p');
    content.className = 'dialog__content';
    content.id = `dialog-content-${dialogs}`;
    content.textContent = options.content;
    dialog.setAttribute('aria-labelledby', title.id);
    dialog.setAttribute('aria-describedby', content.id);
    const actions = document.createElement('div');
    actions.className = 'dialog__actions';
    let release = () => {};
    const close = (answer: boolean) => {
      release();
      mask.remove();
      resolve(answer);
    };
    for (const [text, answer] of [
      [options.cancelText, false],
      [options.confirmText, true],
    ] as const) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = text;
      button.className = answer ? 'dialog__button dialog__button--primary' : 'dialog__button';
      button.addEventListener('click', () => close(answer));
      actions.appendChild(button);
    }
    dialog.append(title, content, actions);
    mask.appendChild(dialog);
    document.body.appendChild(mask);
    release = holdFocus(dialog, () => close(false), actions.lastChild as HTMLButtonElement);
  });
}

let promptOpen = false;

/**
 * The "please log in" dialog of spec §8: Login goes to the third-party binding page when the
 * visitor came through a third-party account, otherwise to /login. One dialog at a time.
 * `onLogin` runs when the visitor chose to log in (what to resume afterwards), not on cancel.
 */
export async function promptLogin(thirdId: string, onLogin?: () => void) {
  if (promptOpen) return;
  promptOpen = true;
  const login = await confirmDialog({
    title: i18next.t('noLoginHint'),
    content: i18next.t('confirmLogin'),
    confirmText: i18next.t('login'),
    cancelText: i18next.t('cancel'),
  });
  promptOpen = false;
  if (!login) return;
  onLogin?.();
  navigateTo(thirdId ? '/bindingUser' : '/login');
}
