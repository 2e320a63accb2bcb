import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { ContentDocument } from '../../../shared/content/ContentDocument.tsx';
import { isFromAbaMobile } from '../../../shared/navigation/rules.ts';
import { useSession } from '../../../shared/session/store.ts';
import '../content.css';

type Action = 'cart' | 'shop' | 'wallet' | 'payOrders' | 'topup' | 'coupons';

/** Where each action happens in the shop. */
const ACTION_PATHS: Record<Action, string> = {
  cart: '/cart',
  shop: '/',
  wallet: '/myWallet',
  payOrders: '/orderList?tab=waitpay',
  topup: '/topup',
  coupons: '/coupon',
};

/**
 * What a page tells the shopper to do, as buttons to where it happens: a page that says "pay with a
 * UnionPay card at the cashier" or "top up your wallet" carries the way there (the cashier is
 * reached from the cart or an order to pay; the wallet's balance is on My wallet).
 */
export const PAGE_ACTIONS: Record<string, Action[]> = {
  'page.UPIcashback': ['cart', 'shop'],
  'page.alipayRemittance': ['wallet'],
  'page.abvance': ['payOrders', 'cart'],
  'page.smartVIP': ['topup', 'coupons'],
  'page.abaminiPreferential': ['cart', 'shop'],
  'page.emoneyActivity': ['wallet', 'shop'],
};

/**
 * A console-managed page (/uageGuide, /UPIcashback, …): the route's `handle.content` names the
 * document it shows (app/routes.tsx), in the shopper's language, with the actions it describes.
 */
export function Component() {
  const { t } = useTranslation('content');
  const { source } = useSession();
  const key = useMatches()
    .map((m) => (m.handle as { content?: string } | undefined)?.content)
    .filter(Boolean)
    .pop() as string;
  const actions = PAGE_ACTIONS[key] ?? [];
  // The ABA Mobile offers say "you opened Angkor Mall from ABA Mobile" only when it did.
  const lead =
    key === 'page.abaminiPreferential' ? (
      <p className="content-note card" data-testid="aba-mobile-note" data-from-aba={String(isFromAbaMobile(source))}>
        {isFromAbaMobile(source) ? t('abaMobile.here') : t('abaMobile.elsewhere')}
      </p>
    ) : null;
  return (
    <ContentDocument docKey={key} page lead={lead}>
      {actions.length > 0 && (
        <div className="content-actions" data-testid="content-actions">
          {actions.map((action, i) => (
            <Link
              key={action}
              to={ACTION_PATHS[action]}
              className={`content-action${i === 0 ? ' content-action--main' : ''}`}
              data-testid={`content-action-${action}`}
            >
              {t(`action.${action}`)}
            </Link>
          ))}
        </div>
      )}
    </ContentDocument>
  );
}
