import type { JumpItem } from '@shop/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCookie, setCookie } from '../navigation/cookies.ts';
import { Picture } from '../ui/Picture.tsx';
import { useBonusAdverts } from './adverts.ts';
import { useJump } from './Banners.tsx';

/**
 * A closed advert is a cookie until the shopper's next midnight: it comes back the next day, and
 * the server, which draws the front page first (decision 0026), sees it closed too.
 */
const CLOSED_COOKIE = 'shop_bonus_closed';

function nextMidnight(): Date {
  const midnight = new Date();
  midnight.setHours(24, 0, 0, 0);
  return midnight;
}

/**
 * The bonus advert on the front page: the visitors' one (e.g. a first-order coupon) or the
 * signed-in shoppers' one (e.g. invitations). A card in the page, not a pop-up over it: it never
 * stands between a shopper and the shop, and closing it hides it until tomorrow.
 */
export function BonusAdvert({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const jump = useJump();
  const adverts = useBonusAdverts(signedIn);
  const key = `${CLOSED_COOKIE}_${signedIn ? 'login' : 'unlogin'}`;
  const [dismissed, setDismissed] = useState(() => getCookie(key) === '1');
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
          setCookie(key, '1', { until: nextMidnight() });
          setDismissed(true);
        }}
      >
        ×
      </button>
    </aside>
  );
}
