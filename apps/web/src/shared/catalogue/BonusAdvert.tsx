import type { JumpItem } from '@shop/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { local } from '../storage.ts';
import { Picture } from '../ui/Picture.tsx';
import { useBonusAdverts } from './adverts.ts';
import { useJump } from './Banners.tsx';

const DISMISSED_KEY = 'shop.bonusAdvertDismissed';

/** Today in the shopper's clock: a dismissed advert comes back the next day. */
const today = () => new Date().toDateString();

/**
 * The bonus advert on the front page: the visitors' one (e.g. a first-order coupon) or the
 * signed-in shoppers' one (e.g. invitations). A card in the page, not a pop-up over it: it never
 * stands between a shopper and the shop, and closing it hides it until tomorrow.
 */
export function BonusAdvert({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const jump = useJump();
  const adverts = useBonusAdverts(signedIn);
  const key = `${DISMISSED_KEY}.${signedIn ? 'login' : 'unlogin'}`;
  const [dismissed, setDismissed] = useState(() => local.getItem(key) === today());
  const item: JumpItem | undefined = adverts.data?.[0];
  if (dismissed) return null;
  // Its place is kept while it loads, so the page does not move under a finger about to tap.
  if (adverts.isPending) return <div className="bonus-advert" aria-hidden />;
  if (!item) return null;
  return (
    <aside className="bonus-advert" data-testid={`bonus-advert-${signedIn ? 'login' : 'unlogin'}`}>
      <button type="button" className="bonus-advert__open" onClick={() => jump(item)} aria-label={item.name}>
        <Picture url={item.imageUrl} alt="" sizes="100vw" />
        <span className="banners__title">{item.name}</span>
      </button>
      <button
        type="button"
        className="bonus-advert__close"
        aria-label={t('close')}
        data-testid="bonus-advert-close"
        onClick={() => {
          local.setItem(key, today());
          setDismissed(true);
        }}
      >
        ×
      </button>
    </aside>
  );
}
