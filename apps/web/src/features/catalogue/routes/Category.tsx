import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import type { CategoryNode } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { categoryFirstPage, categoryPage, useCategoryTree } from '../api/catalogue.ts';
import { ListScreen } from '../components/ListScreen.tsx';

function find(nodes: CategoryNode[], id: number): CategoryNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = find(n.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** /category?categoryId&name&upperid: products of a category (with its sub-categories). */
export function Component() {
  const { t } = useTranslation('catalogue');
  const [params] = useSearchParams();
  const categoryId = Number(params.get('categoryId'));
  const tree = useCategoryTree();
  const node = tree.data ? find(tree.data, categoryId) : undefined;
  return (
    <ListScreen
      key={categoryId}
      title={params.get('name') ?? ''}
      keyBase={['category', categoryId]}
      fetchFor={(sort) => categoryPage(categoryId, sort)}
      firstPageFor={(sort) => categoryFirstPage(categoryId, sort)}
      titleFrom={(page) => page.category?.name ?? ''}
      emptyText={t('categoryEmpty')}
      above={
        node && node.children.length > 0 ? (
          <nav className="chips">
            {node.children.map((child) => (
              <Link
                key={child.id}
                to={`/category?categoryId=${child.id}&name=${encodeURIComponent(child.name)}&upperid=${node.id}`}
                data-testid="sub-category"
              >
                {child.name}
              </Link>
            ))}
          </nav>
        ) : null
      }
    />
  );
}
