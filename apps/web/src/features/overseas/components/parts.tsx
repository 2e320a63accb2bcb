import {
  HAITAO_KEYWORD_MAX,
  type HaitaoCard,
  type HaitaoChannel,
  type OverseasState,
  parseProductLink,
} from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { usePriceFormat } from '../../../shared/price/Price.tsx';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { useUrlCheck } from '../api/overseas.ts';

export const useQueryParam = (name: string) => {
  const [params] = useSearchParams();
  return params.get(name) ?? '';
};

export const productLink = (channel: HaitaoChannel, productId: string) =>
  `/Smilebuy/product?productId=${productId}&channel=${channel}`;

/** A title in the shopper's language with the Chinese original beside it (when they differ). */
export function Title({
  title,
  titleZh,
  translated,
  className,
}: {
  title: string;
  titleZh: string;
  translated: boolean;
  className?: string;
}) {
  return (
    <span className={`haitao-title ${className ?? ''}`}>
      <span className="haitao-title__text">{title}</span>
      {translated && (
        <span className="haitao-title__zh" lang="zh-Hans" data-testid="haitao-title-zh">
          {titleZh}
        </span>
      )}
    </span>
  );
}

export function ProductGrid({ cards, testId = 'haitao-card' }: { cards: HaitaoCard[]; testId?: string }) {
  const price = usePriceFormat();
  return (
    <div className="haitao-grid">
      {cards.map((c, i) => (
        <Link
          key={`${c.channel}${c.productId}`}
          to={productLink(c.channel, c.productId)}
          className="haitao-card"
          data-testid={testId}
        >
          <Picture url={c.picture} alt="" sizes="45vw" eager={i < 4} />
          <Title title={c.title} titleZh={c.titleZh} translated={c.translated} />
          <strong className="haitao-price">{price(c.priceCents)}</strong>
        </Link>
      ))}
    </div>
  );
}

export function ChannelSwitch({ channel, onChange }: { channel: HaitaoChannel; onChange: (c: HaitaoChannel) => void }) {
  const { t } = useTranslation('overseas');
  return (
    <div className="haitao-channels" role="tablist">
      {(['taobao', 'alibaba'] as const).map((c) => (
        <button
          key={c}
          type="button"
          role="tab"
          aria-selected={c === channel}
          className={`haitao-channel ${c === channel ? 'haitao-channel--on' : ''}`}
          onClick={() => onChange(c)}
          data-testid={`haitao-channel-${c}`}
        >
          {t(`channel.${c}`)}
        </button>
      ))}
    </div>
  );
}

/** The channel's own bottom navigation: home, categories, cart, orders. */
export function SmilebuyNav() {
  const { t } = useTranslation('overseas');
  return (
    <BottomBar className="haitao-nav" as="nav" label={t('title')}>
      <Link to="/Smilebuy">{t('nav.home')}</Link>
      <Link to="/Smilebuy/category">{t('nav.category')}</Link>
      <Link to="/Smilebuy/shoppingCart" data-testid="haitao-nav-cart">
        {t('nav.cart')}
      </Link>
      <Link to="/Smilebuy/orderList">{t('nav.orders')}</Link>
    </BottomBar>
  );
}

export function StateTag({ state }: { state: OverseasState }) {
  const { t } = useTranslation('overseas');
  return (
    <span className={`haitao-state haitao-state--${state}`} data-testid="haitao-state" data-state={state}>
      {t(`state.${state}`)}
    </span>
  );
}

/** Grams as kilograms for a freight line: at most three decimals, none when whole (1.2, 0.25, 3), so two different weights never read the same. */
export function formatKg(grams: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(grams / 1000);
}

/**
 * What the shopper typed or pasted into a Smilebuy box: a taobao, tmall or 1688 link (or share
 * text with one) opens its product, as the url check finds it (one reader of links, the contracts'
 * `parseProductLink`, shared with the server); anything else is a keyword. Both the search box and
 * the link box go through it.
 */
function toastRefusal(error: unknown) {
  if (error instanceof ApiError && error.code !== 'DOUBLE_TAP') showToast(error.message);
}

export function useOpenOrSearch(channel: HaitaoChannel) {
  const urlCheck = useUrlCheck();
  const navigate = useNavigate();
  /** `onRefused`: the server refused the link (its catalogue error); by default it is toasted. */
  const submit = (
    text: string,
    otherwise: 'search' | 'nothing',
    onRefused: (error: unknown) => void = toastRefusal,
  ) => {
    const typed = text.trim();
    if (!typed) return;
    if (parseProductLink(typed)) {
      urlCheck.mutate(typed, {
        onSuccess: (found) => navigate(productLink(found.channel, found.productId)),
        onError: onRefused,
      });
      return;
    }
    if (otherwise === 'search') navigate(searchLink(typed.slice(0, HAITAO_KEYWORD_MAX), channel));
    // not a link: the server says so in the shopper's language (HAI00005)
    else urlCheck.mutate(typed, { onError: onRefused });
  };
  return { submit, pending: urlCheck.isPending };
}

/** The search results for a keyword (cut to what the product list call takes). */
export const searchLink = (keyword: string, channel: HaitaoChannel) =>
  `/Smilebuy/ProductSearchList?keywork=${encodeURIComponent(keyword.slice(0, HAITAO_KEYWORD_MAX))}&channel=${channel}`;
