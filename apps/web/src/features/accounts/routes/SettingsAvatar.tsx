import Button from 'antd-mobile/es/components/button';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../shared/session/store.ts';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { uploadAvatar, useRefreshUser, useUserInfo } from '../api/accounts.ts';
import { UserAvatar } from '../components/UserAvatar.tsx';
import { useRequireLogin } from '../components/useRequireLogin.ts';

/** /settingsAvatar: choose a photo; the server checks it is an image, crops it square and removes its metadata. */
export function Component() {
  const { t } = useTranslation('accounts');
  useRequireLogin();
  const { data: user } = useUserInfo();
  const refresh = useRefreshUser();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!file.size) return showToast(t('error.upload'));
    setBusy(true);
    try {
      const { imageUrl } = await uploadAvatar(file);
      session.update({ imageUrl });
      await refresh();
      showToast(t('saved'));
    } catch {
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <PageHeader title={t('avatar')} />
      <main className="acc-page acc-center">
        <UserAvatar imageUrl={user?.imageUrl ?? ''} name={user?.name || user?.userMobile || ''} size={128} />
        <p className="acc-hint">{t('avatarHint')}</p>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => void choose(e.target.files?.[0])}
          data-testid="avatar-file"
        />
        <Button
          color="primary"
          size="large"
          loading={busy}
          onClick={() => input.current?.click()}
          data-testid="avatar-choose"
        >
          {t('chooseAvatar')}
        </Button>
      </main>
    </>
  );
}
