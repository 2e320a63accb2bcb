import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useChannel, useRecommend } from '../api/overseas.ts';
import { ChannelSwitch, ProductGrid } from '../components/parts.tsx';
import '../overseas.css';

/** /Smilebuy/productList: the channel's recommendations, more on request. */
export function Component() {
  const { t } = useTranslation('overseas');
  const [channel, setChannel] = useChannel();
  const [size, setSize] = useState(20);
  const { data, isFetching } = useRecommend(channel, size);
  return (
    <>
      <PageHeader title={t('recommended')} />
      <div className="haitao">
        <ChannelSwitch channel={channel} onChange={setChannel} />
        <ProductGrid cards={data?.list ?? []} />
        {data && data.list.length < data.total && (
          <button type="button" className="haitao-button" disabled={isFetching} onClick={() => setSize(size + 20)}>
            {t('more')}
          </button>
        )}
      </div>
    </>
  );
}
