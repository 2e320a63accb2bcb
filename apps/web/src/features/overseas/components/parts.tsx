import type { HaitaoCard, HaitaoChannel, OverseasState } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { Picture } from '../../../shared/ui/Picture.tsx';

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
          <strong className="haitao-price">{formatCents(c.priceCents)}</strong>
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
