import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import { Link, useSearchParams } from 'react-router';
import { merchantPage, useMerchantCatalog } from '../api/catalogue.ts';
import { ListScreen } from '../components/ListScreen.tsx';

/** /mechantCategory?merchantId: a shop, its categories and its products. */
export function Component() {
  const [params] = useSearchParams();
  const merchantId = Number(params.get('merchantId'));
  const catalog = useMerchantCatalog(merchantId);
  return (
    <ListScreen
      key={merchantId}
      keyBase={['merchant-products', merchantId]}
      fetchFor={(sort) => merchantPage(merchantId, undefined, sort)}
      titleFrom={(p) => p.merchant.name}
      above={
        <nav className="chips">
          {catalog.data?.categories.map((c) => (
            <Link
              key={c.id}
              to={`/mechantCategoryThree?merchantId=${merchantId}&categoryId=${c.id}&name=${encodeURIComponent(c.name)}`}
              data-testid="merchant-category"
            >
              {c.name} <small>{c.productCount}</small>
            </Link>
          ))}
        </nav>
      }
    />
  );
}
