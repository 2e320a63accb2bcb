import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { TabBar } from '../../../shared/ui/TabBar.tsx';
import { useCategoryTree } from '../api/catalogue.ts';

/** /categories: top categories on the left, their second and third levels on the right. */
export function Component() {
  const { t } = useTranslation('catalogue');
  const [params, setParams] = useSearchParams();
  const tree = useCategoryTree();
  const tops = tree.data ?? [];
  const selectedId = Number(params.get('categoryId')) || tops[0]?.id;
  const selected = tops.find((c) => c.id === selectedId) ?? tops[0];
  return (
    <main className="categories">
      <header className="categories__bar">
        <h1 className="visually-hidden">{t('categories')}</h1>
        <Link to="/ProductSearchList" className="home__search">
          {t('searchPlaceholder')}
        </Link>
      </header>
      <div className="categories__body">
        <nav className="categories__side" aria-label={t('categories')}>
          {tops.map((c) => (
            <button
              key={c.id}
              type="button"
              className={c.id === selected?.id ? 'active' : ''}
              onClick={() => setParams({ categoryId: String(c.id) }, { replace: true })}
              data-testid="top-category"
            >
              {c.name}
            </button>
          ))}
        </nav>
        <section className="categories__main">
          {selected && (
            <Link
              className="categories__all"
              to={`/category?categoryId=${selected.id}&name=${encodeURIComponent(selected.name)}`}
              data-testid="category-all"
            >
              {t('allOf', { name: selected.name })} ›
            </Link>
          )}
          {selected?.children.map((mid) => (
            <div key={mid.id} className="categories__group">
              <Link
                to={`/category?categoryId=${mid.id}&name=${encodeURIComponent(mid.name)}&upperid=${selected.id}`}
                className="categories__mid"
                data-testid="mid-category"
              >
                {mid.name}
              </Link>
              <div className="categories__leaves">
                {mid.children.map((leaf) => (
                  <Link
                    key={leaf.id}
                    to={`/category?categoryId=${leaf.id}&name=${encodeURIComponent(leaf.name)}&upperid=${mid.id}`}
                    className="categories__leaf"
                    data-testid="leaf-category"
                  >
                    <Picture url={leaf.imageUrl} alt="" sizes="64px" />
                    <span>{leaf.name}</span>
                  </Link>
                ))}
              </div>
            </div>
          ))}
        </section>
      </div>
      <TabBar />
    </main>
  );
}
