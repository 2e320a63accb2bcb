import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCartCount } from '../cart/cart.ts';
import { BottomBar } from './BottomBar.tsx';

const TABS = [
  { to: '/', key: 'home', icon: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z' },
  { to: '/categories', key: 'categories', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z' },
  { to: '/cart', key: 'cart', icon: 'M3 4h2l2 11h11l2-8H7M9 20a1 1 0 1 0 0-.01M17 20a1 1 0 1 0 0-.01' },
  { to: '/personal', key: 'personal', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6' },
] as const;

/** The bottom tab bar: home, categories, cart, personal; the cart's badge reads the cart's own cache. */
export function TabBar() {
  const { t } = useTranslation();
  const cartCount = useCartCount();
  return (
    <BottomBar as="nav" className="tab-bar" label={t('tab.label')}>
      {TABS.map((tab) => (
        <NavLink
          key={tab.key}
          to={tab.to}
          end={tab.to === '/'}
          className="tab-bar__item"
          data-testid={`tab-${tab.key}`}
        >
          <svg
            viewBox="0 0 24 24"
            width="22"
            height="22"
            aria-hidden
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          >
            <path d={tab.icon} />
          </svg>
          <span>{t(`tab.${tab.key}`)}</span>
          {tab.key === 'cart' && cartCount > 0 && (
            <b className="tab-bar__badge" data-testid="cart-badge">
              {cartCount > 99 ? '99+' : cartCount}
            </b>
          )}
        </NavLink>
      ))}
    </BottomBar>
  );
}
