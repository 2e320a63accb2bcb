import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { asChannel, useChannel, useSimilar } from '../api/overseas.ts';
import { ProductGrid, useQueryParam } from '../components/parts.tsx';
import '../overseas.css';

/** /Smilebuy/same?productId&channel: products like this one. */
export function Component() {
  const { t } = useTranslation('overseas');
  const [stored] = useChannel();
  const channel = asChannel(useQueryParam('channel')) ?? stored;
  const { data } = useSimilar(channel, useQueryParam('productId'));
  return (
    <>
      <PageHeader title={t('similar')} />
      <div className="haitao">
        {data ? <ProductGrid cards={data} /> : <Skeleton.Paragraph lineCount={6} animated />}
      </div>
    </>
  );
}
