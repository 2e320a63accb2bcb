import { HAITAO_LINK_TEXT_MAX, OVERSEAS_DAYS } from '@shop/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField, useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { useCategories, useChannel, useHot, useRecommend } from '../api/overseas.ts';
import { ChannelSwitch, ProductGrid, productLink, SmilebuyNav, Title, useOpenOrSearch } from '../components/parts.tsx';
import '../overseas.css';

/**
 * The search box takes a keyword or a pasted link or share text (longer): it holds what the url
 * check takes, and a keyword is searched cut to what the product list takes (HAITAO_KEYWORD_MAX).
 */
const SEARCH_BOX_MAX = HAITAO_LINK_TEXT_MAX;

/** A best seller's picture (38% of the width), and how many of them a phone's first screen shows. */
const HOT_SIZES = '38vw';
const HOT_ON_FIRST_SCREEN = 3;

/** The url check's refusals of a pasted link (contracts' overseas errors). */
const LINK_REFUSALS = { HAI00003: 'link', HAI00005: 'link' } as const;

/** /Smilebuy: the overseas channel's home: channel switch, search, a pasted link, categories, hot list, recommendations. */
export function Component() {
  const { t } = useTranslation('overseas');
  const [channel, setChannel] = useChannel();
  const [keyword, setKeyword] = useState('');
  const [link, setLink] = useState('');
  const categories = useCategories(channel);
  const hot = useHot(channel);
  const recommend = useRecommend(channel, 20);
  const openOrSearch = useOpenOrSearch(channel);

  // A link pasted into the search box opens its product, as the link box does.
  const search = (e: FormEvent) => {
    e.preventDefault();
    openOrSearch.submit(keyword, 'search');
  };
  const fields = useFieldErrors<'link'>();
  const open = (e: FormEvent) => {
    e.preventDefault();
    if (!fields.check({ link: !link.trim() && t('linkRequired') })) return;
    openOrSearch.submit(link, 'nothing', (error) => fields.refuseFromServer(error, LINK_REFUSALS));
  };

  return (
    <>
      <PageHeader title={t('title')} right={<Link to="/Smilebuy/customer">{t('help')}</Link>} />
      <main className="haitao">
        <ChannelSwitch channel={channel} onChange={setChannel} />
        <p className="haitao-promise" data-testid="haitao-promise">
          {t('promise', OVERSEAS_DAYS)}
        </p>
        <form className="haitao-form" onSubmit={search}>
          <input
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            maxLength={SEARCH_BOX_MAX}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            data-testid="haitao-search"
            enterKeyHint="search"
          />
          <button type="submit" disabled={openOrSearch.pending} data-testid="haitao-search-go">
            {t('search')}
          </button>
        </form>
        <form onSubmit={open} noValidate>
          <FormField field={fields.field('link')} label={t('linkLabel')}>
            <div className="haitao-form">
              <input
                id={fields.field('link').id}
                value={link}
                maxLength={HAITAO_LINK_TEXT_MAX}
                onChange={(e) => setLink(e.target.value)}
                placeholder={t('linkPlaceholder')}
                data-testid="haitao-link"
              />
              <button type="submit" disabled={openOrSearch.pending} data-testid="haitao-link-open">
                {t('openLink')}
              </button>
            </div>
          </FormField>
        </form>
        <div className="haitao-links">
          <Link to="/Smilebuy/imageupload">{t('byPicture')}</Link>
          <Link to="/Smilebuy/ZTLogisticsFreight">{t('freight.title')}</Link>
          <Link to="/Smilebuy/productList">{t('recommended')}</Link>
        </div>
        <section className="card">
          <h2>{t('categories')}</h2>
          <div className="haitao-links">
            {(categories.data ?? []).map((c) => (
              <Link
                key={c.id}
                to={`/Smilebuy/ProductSearchList?keywork=${encodeURIComponent(c.name)}&channel=${channel}&categoryId=${c.id}`}
              >
                {c.name}
              </Link>
            ))}
          </div>
        </section>
        <section>
          <h2>{t('hot')}</h2>
          <div className="haitao-row">
            {(hot.data ?? []).map((c, i) => (
              <Link
                key={c.productId}
                to={productLink(c.channel, c.productId)}
                className="haitao-card"
                data-testid="haitao-hot"
              >
                {/* The row's first pictures are on a phone's first screen (the largest paint, asked for first). */}
                <Picture url={c.picture} alt="" sizes={HOT_SIZES} eager={i < HOT_ON_FIRST_SCREEN} />
                <Title title={c.title} titleZh={c.titleZh} translated={c.translated} />
              </Link>
            ))}
          </div>
        </section>
        <section>
          <h2>{t('recommended')}</h2>
          <ProductGrid cards={recommend.data?.list ?? []} />
        </section>
      </main>
      <SmilebuyNav />
    </>
  );
}
