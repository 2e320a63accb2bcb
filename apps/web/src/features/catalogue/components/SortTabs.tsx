import type { ProductSort } from '@shop/contracts';
import { useTranslation } from 'react-i18next';

const SORTS: ProductSort[] = ['default', 'sales', 'priceAsc', 'priceDesc', 'newest'];

export function SortTabs({ value, onChange }: { value: ProductSort; onChange: (sort: ProductSort) => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <div className="sort-tabs" role="tablist">
      {SORTS.map((sort) => (
        <button
          key={sort}
          type="button"
          role="tab"
          aria-selected={value === sort}
          className={value === sort ? 'active' : ''}
          onClick={() => onChange(sort)}
          data-testid={`sort-${sort}`}
        >
          {t(`sort.${sort}`)}
        </button>
      ))}
    </div>
  );
}

/** The sort of a list screen, kept in its url (?sort=) so back and reload keep it. */
export function sortOf(params: URLSearchParams): ProductSort {
  const s = params.get('sort') as ProductSort | null;
  return s && SORTS.includes(s) ? s : 'default';
}
