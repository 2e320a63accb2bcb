import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/store.ts';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useTopupRecords } from '../api/topup.ts';
import { TopupRecordLine } from '../components/TopupRecordCard.tsx';
import '../topup.css';

/** /topup/records: the shopper's top-ups with their states, newest first. */
export function Component() {
  const { t } = useTranslation('topup');
  const { token, thirdId } = useSession();
  const { data, isPending } = useTopupRecords(Boolean(token));
  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);
  return (
    <>
      <PageHeader title={t('records')} />
      {token && isPending && <Skeleton.Paragraph lineCount={5} animated />}
      {data && data.list.length === 0 && <ErrorBlock status="empty" title={t('noRecords')} description="" />}
      {data && data.list.length > 0 && (
        <div className="card topup-records">
          {data.list.map((order) => (
            <TopupRecordLine key={order.id} order={order} />
          ))}
        </div>
      )}
    </>
  );
}
