import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { i18next } from '../i18n/index.ts';
import { navigateTo } from '../navigation/state.ts';

export function showToast(message: string) {
  Toast.show({ content: message, position: 'center' });
}

let promptOpen = false;

/**
 * The "please log in" dialog of spec §8: Login goes to the third-party binding page when the
 * visitor came through a third-party account, otherwise to /login. One dialog at a time.
 */
export function promptLogin(thirdId: string) {
  if (promptOpen) return;
  promptOpen = true;
  Dialog.confirm({
    title: i18next.t('noLoginHint'),
    content: i18next.t('confirmLogin'),
    confirmText: i18next.t('login'),
    cancelText: i18next.t('cancel'),
    onConfirm: () => navigateTo(thirdId ? '/bindingUser' : '/login'),
    afterClose: () => {
      promptOpen = false;
    },
  });
}
