import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { productLink, useProductDetail } from '../api/catalogue.ts';

/** /parameter?productId: the specification attributes of a product. */
export function Component() {
  const { t } = useTranslation('catalogue');
  const [params] = useSearchParams();
  const detail = useProductDetail(productLink(params));
  return (
    <main>
      <PageHeader title={t('parameters')} />
      {detail.data && (
        <table className="card parameters" data-testid="parameters-table">
          <tbody>
            {detail.data.attributes.map((a) => (
              <tr key={a.name}>
                <th>{a.name}</th>
                <td>{a.value}</td>
              </tr>
            ))}
            {detail.data.specs.map((s) => (
              <tr key={s.name}>
                <th>{s.name}</th>
                <td>{s.values.join(' / ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
