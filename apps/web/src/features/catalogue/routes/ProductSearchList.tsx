import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import type { ProductCard as Card } from '@shop/contracts';
import { getSimilarProducts } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../shared/api/index.ts';
import { ProductCard } from '../../../shared/catalogue/ProductCard.tsx';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { session, useSession } from '../../../shared/session/store.ts';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import {
  lastPhotoResults,
  rememberKeyword,
  searchByPhoto,
  searchFirstPage,
  searchPage,
  useSearchKeywords,
} from '../api/catalogue.ts';
import { ListScreen } from '../components/ListScreen.tsx';

function SearchBox({
  initial,
  onSearch,
  onPhoto,
}: {
  initial: string;
  onSearch: (k: string) => void;
  onPhoto: (f: File) => void;
}) {
  const { t } = useTranslation('catalogue');
  const [value, setValue] = useState(initial);
  const file = useRef<HTMLInputElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value);
  };
  return (
    <form className="search-box" onSubmit={submit}>
      <input
        type="search"
        enterKeyHint="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchPlaceholder')}
        maxLength={100}
        data-testid="search-input"
      />
      <button
        type="button"
        className="search-box__camera"
        aria-label={t('searchByPhoto')}
        onClick={() => file.current?.click()}
        data-testid="photo-search"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
          <circle cx="12" cy="13" r="3.5" />
        </svg>
      </button>
      <button type="submit" className="search-box__go" data-testid="search-submit">
        {t('search')}
      </button>
      <input
        ref={file}
        type="file"
        accept="image/*"
        hidden
        data-testid="photo-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) onPhoto(f);
          e.target.value = '';
        }}
      />
    </form>
  );
}

function PhotoResults({ products, title }: { products: Card[]; title: string }) {
  const { t } = useTranslation('catalogue');
  return (
    <>
      <h2 className="section-title" data-testid="result-title">
        {title}
      </h2>
      {products.length === 0 ? (
        <div className="list-end">{t('nothingFound')}</div>
      ) : (
        <div className="product-grid" data-testid="product-grid">
          {products.map((p) => (
            <ProductCard key={p.productId} product={p} />
          ))}
        </div>
      )}
    </>
  );
}

/**
 * /ProductSearchList: without a keyword, the search page (history, hot keywords, search by photo);
 * with ?keyword, the ranked results; ?by=photo the look-alikes of an uploaded photo;
 * ?similarTo=productId the products that look like one.
 */
export function Component() {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const similarTo = Number(params.get('similarTo')) || 0;
  const byPhoto = params.get('by') === 'photo';
  const { searchKeys } = useSession();
  const [typed, setTyped] = useState('');
  const hot = useSearchKeywords(typed);
  const [uploading, setUploading] = useState(false);
  const similar = useQuery({
    queryKey: ['similar-all', similarTo, currentLanguage()],
    queryFn: () => api.call(getSimilarProducts, { productId: similarTo, size: 30 }),
    enabled: similarTo > 0,
  });

  const search = (k: string) => {
    const clean = k.trim();
    if (!clean) {
      showToast(t('keywordRequired'));
      return;
    }
    rememberKeyword(clean);
    navigate(`/ProductSearchList?keyword=${encodeURIComponent(clean)}`);
  };
  const photo = async (file: File) => {
    setUploading(true);
    try {
      await searchByPhoto(file);
      navigate('/ProductSearchList?by=photo');
    } catch {
      // the answer's message was shown
    } finally {
      setUploading(false);
    }
  };
  const box = <SearchBox key={keyword} initial={keyword} onSearch={search} onPhoto={photo} />;

  if (keyword) {
    return (
      <ListScreen
        key={keyword}
        title={keyword}
        keyBase={['search', keyword]}
        fetchFor={(sort) => searchPage(keyword, sort)}
        firstPageFor={(sort) => searchFirstPage(keyword, sort)}
        above={box}
        emptyText={t('nothingFound')}
      />
    );
  }
  if (similarTo) {
    return (
      <main>
        <PageHeader title={t('similar')} />
        {similar.data && <PhotoResults products={similar.data} title={t('similarTitle')} />}
      </main>
    );
  }
  if (byPhoto) {
    return (
      <main>
        <PageHeader title={t('searchByPhoto')} />
        {box}
        <PhotoResults products={lastPhotoResults()} title={t('photoResults')} />
      </main>
    );
  }
  return (
    <main className="search-page">
      <PageHeader title={t('search')} />
      <div onInput={(e) => setTyped((e.target as HTMLInputElement).value.trim())}>{box}</div>
      {uploading && (
        <div className="list-end" data-testid="photo-uploading">
          {t('uploading')}
        </div>
      )}
      {typed && hot.data && hot.data.suggestions.length > 0 && (
        <section className="search-section">
          <div className="chips chips--plain">
            {hot.data.suggestions.map((s) => (
              <button key={s} type="button" onClick={() => search(s)} data-testid="suggestion">
                {s}
              </button>
            ))}
          </div>
        </section>
      )}
      {searchKeys.length > 0 && (
        <section className="search-section" data-testid="search-history">
          <h2>
            {t('history')}
            <button
              type="button"
              className="link-button"
              onClick={() => session.update({ searchKeys: [] })}
              data-testid="clear-history"
            >
              {t('clear')}
            </button>
          </h2>
          <div className="chips chips--plain">
            {searchKeys.map((k) => (
              <button key={k} type="button" onClick={() => search(k)} data-testid="history-keyword">
                {k}
              </button>
            ))}
          </div>
        </section>
      )}
      <section className="search-section" data-testid="hot-keywords">
        <h2>{t('hot')}</h2>
        <div className="chips chips--plain">
          {hot.data?.hot.map((k, i) => (
            <button
              key={k}
              type="button"
              onClick={() => search(k)}
              className={i < 3 ? 'hot' : ''}
              data-testid="hot-keyword"
            >
              {k}
            </button>
          ))}
        </div>
      </section>
    </main>
  );
}
