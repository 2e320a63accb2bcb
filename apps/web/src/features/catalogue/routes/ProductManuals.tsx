import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { productLink, useProductDetail } from '../api/catalogue.ts';

/** /productManuals?productId: the product's manual. */
export function Component() {
  const { t } = useTranslation('catalogue');
  const [params] = useSearchParams();
  const detail = useProductDetail(productLink(params));
  return (
    <main>
      <PageHeader title={t('manual')} heading={!detail.data} />
      <article className="card prose" data-testid="manual-text">
        {detail.data && <h1>{detail.data.name}</h1>}
        {detail.data &&
          (detail.data.manual ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
            detail.data.manual.split('\n').map((line, i) => <p key={i}>{line}</p>)
          ) : (
            <p className="muted">{t('noManual')}</p>
          ))}
      </article>
    </main>
  );
}
