import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import { Link, useSearchParams } from 'react-router';
import { merchantPage, useMerchantNextLevel } from '../api/catalogue.ts';
import { ListScreen } from '../components/ListScreen.tsx';

/** /mechantCategoryThree?merchantId&categoryId: a shop's category, its next level and products. */
export function Component() {
  const [params] = useSearchParams();
  const merchantId = Number(params.get('merchantId'));
  const categoryId = Number(params.get('categoryId'));
  const next = useMerchantNextLevel(merchantId, categoryId);
  return (
    <ListScreen
      key={`${merchantId}-${categoryId}`}
      title={params.get('name') ?? ''}
      keyBase={['merchant-products', merchantId, categoryId]}
      fetchFor={(sort) => merchantPage(merchantId, categoryId, sort)}
      titleFrom={(p) => `${p.merchant.name} · ${params.get('name') ?? ''}`}
      above={
        next.data && next.data.length > 0 ? (
          <nav className="chips">
            {next.data.map((c) => (
              <Link
                key={c.id}
                to={`/mechantCategoryThree?merchantId=${merchantId}&categoryId=${c.id}&name=${encodeURIComponent(c.name)}`}
                data-testid="merchant-subcategory"
              >
                {c.name} <small>{c.productCount}</small>
              </Link>
            ))}
          </nav>
        ) : null
      }
    />
  );
}
