import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCategories, useChannel } from '../api/overseas.ts';
import { ChannelSwitch, SmilebuyNav } from '../components/parts.tsx';
import '../overseas.css';

/** /Smilebuy/category: the channel's categories, each with its Chinese name. */
export function Component() {
  const { t } = useTranslation('overseas');
  const [channel, setChannel] = useChannel();
  const { data } = useCategories(channel);
  return (
    <>
      <PageHeader title={t('categories')} />
      <div className="haitao">
        <ChannelSwitch channel={channel} onChange={setChannel} />
        {!data && <Skeleton.Paragraph lineCount={6} animated />}
        <div className="card">
          {(data ?? []).map((c) => (
            <Link
              key={c.id}
              className="haitao-line"
              to={`/Smilebuy/ProductSearchList?keywork=${encodeURIComponent(c.name)}&channel=${channel}&categoryId=${c.id}`}
              data-testid="haitao-category"
            >
              <span className="haitao-title">
                <span>{c.name}</span>
                {c.name !== c.nameZh && <span className="haitao-title__zh">{c.nameZh}</span>}
              </span>
            </Link>
          ))}
        </div>
      </div>
      <SmilebuyNav />
    </>
  );
}
