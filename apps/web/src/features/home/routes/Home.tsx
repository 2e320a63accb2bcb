import '../../../shared/catalogue/catalogue.css';
import '../home.css';
import { readableOn } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Banners } from '../../../shared/catalogue/Banners.tsx';
import { BonusAdvert } from '../../../shared/catalogue/BonusAdvert.tsx';
import { ProductGrid } from '../../../shared/catalogue/ProductGrid.tsx';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { useSystemConfig } from '../../../shared/system/config.ts';
import { HydrateLater } from '../../../shared/ui/HydrateLater.tsx';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { TabBar } from '../../../shared/ui/TabBar.tsx';
import { feedFirstPage, feedPage, useActivities, useCarousel, useCategoryTree, useTags } from '../api/home.ts';

/** /, /home and /index3 (the wallet app's entry, with its own carousel): the shop's front page. */
export function Component() {
  const { t } = useTranslation('home');
  const config = useSystemConfig();
  const { pathname } = useLocation();
  const session = useSession();
  const carousel = useCarousel(pathname === '/index3');
  const tree = useCategoryTree();
  const activities = useActivities();
  const tags = useTags();
  return (
    <main className="home">
      <header className="home__bar">
        <h1 data-testid="app-name">{config?.appName ?? '\u00a0'}</h1>
        <Link to="/ProductSearchList" className="home__search" data-testid="home-search">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="11" cy="11" r="7" />
            <path d="M20 20l-4-4" />
          </svg>
          <span className="home__search-text">{t('searchPlaceholder')}</span>
        </Link>
        <Link to="/setLanguage" className="home__language" data-testid="home-language">
          {t('languageShort')}
        </Link>
      </header>

      <HydrateLater>
        {carousel.data ? <Banners items={carousel.data} /> : <div className="banners banners--placeholder" />}
      </HydrateLater>

      {/* Every box below keeps its size from the first paint (issue 24): ten category cells, one
          activity card and one row of tags are drawn empty while their answers are on the way. */}
      {/* The parts below the bar are taken over a task each, in turn (HydrateLater). */}
      <HydrateLater>
        <nav className="home__categories card" aria-label={t('categories')} aria-busy={tree.isPending}>
          {tree.data
            ? tree.data.slice(0, 10).map((c) => (
                <Link
                  key={c.id}
                  to={`/categories?categoryId=${c.id}`}
                  className="home__category"
                  data-testid="home-category"
                >
                  <Picture url={c.imageUrl} alt="" sizes="48px" />
                  <span>{c.name}</span>
                </Link>
              ))
            : Array.from({ length: 10 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <span key={i} className="home__category home__category--empty" />
              ))}
        </nav>
      </HydrateLater>

      <HydrateLater>
        <section className="home__promises">
          <div className="home__promise">
            <strong>{t('domestic')}</strong>
            <span>
              {t('domesticDays', {
                min: config?.domesticDeliveryDays.min ?? 1,
                max: config?.domesticDeliveryDays.max ?? 2,
              })}
            </span>
          </div>
          <Link to="/Smilebuy" className="home__promise" data-testid="home-overseas">
            <strong>{t('overseas')}</strong>
            <span>
              {t('overseasDays', {
                min: config?.overseasDeliveryDays.min ?? 7,
                max: config?.overseasDeliveryDays.max ?? 12,
              })}
            </span>
          </Link>
        </section>
      </HydrateLater>

      <BonusAdvert signedIn={Boolean(session.token)} />

      <HydrateLater>
        <div className="home__more">
          {activities.isPending && <div className="home__activities home__activities--empty" aria-hidden />}
          {activities.data && activities.data.length > 0 && (
            <section className="home__activities">
              <h2>{t('activities')}</h2>
              <div className="home__activity-row">
                {activities.data.map((a) => (
                  <Link
                    key={a.id}
                    to={`/activityProductList?activityId=${a.id}`}
                    className="home__activity"
                    data-testid="home-activity"
                  >
                    <div className="home__activity-picture">
                      <Picture url={a.imageUrl} alt="" sizes="70vw" />
                      <strong>{a.name}</strong>
                    </div>
                    <span>{a.subtitle}</span>
                  </Link>
                ))}
              </div>
            </section>
          )}

          {tags.isPending && <div className="home__tags home__tags--empty" aria-hidden />}
          {tags.data && tags.data.length > 0 && (
            <section className="home__tags">
              {tags.data.map((tag) => (
                <Link
                  key={tag.id}
                  to={`/tagProductList?tagId=${tag.id}&name=${encodeURIComponent(tag.name)}`}
                  className="home__tag"
                  style={{ color: readableOn(tag.color) }}
                  data-testid="home-tag"
                >
                  {/* The pill is drawn small; the link around it is a fingertip (44 px) tall. */}
                  <span style={{ borderColor: readableOn(tag.color) }}>{tag.name}</span>
                </Link>
              ))}
            </section>
          )}

          <h2 className="home__feed-title">{t('forYou')}</h2>
        </div>
      </HydrateLater>
      <HydrateLater>
        <div className="home__feed">
          <ProductGrid
            queryKey={['feed', currentLanguage()]}
            fetchPage={feedPage}
            firstPage={feedFirstPage}
            eagerCount={0}
          />
        </div>
      </HydrateLater>

      <HydrateLater>
        <footer className="home__footer">
          <Link to="/ContactUs" data-testid="home-contact">
            {t('contact')}
          </Link>
          <Link to="/setLanguage">{t('language')}</Link>
          {session.token && <Link to="/favourite">{t('favourites')}</Link>}
        </footer>
      </HydrateLater>
      <HydrateLater>
        <TabBar />
      </HydrateLater>
    </main>
  );
}
