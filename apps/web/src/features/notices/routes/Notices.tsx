import Badge from 'antd-mobile/es/components/badge';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import List from 'antd-mobile/es/components/list';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { session } from '../../../shared/session/store.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useNotices } from '../api/notices.ts';
import '../notices.css';
import { ActionItem } from '../../../shared/ui/ActionItem.tsx';

/** /notices: the shopper's notices and the shop's announcements; opening it marks them seen. */
export function Component() {
  const { t } = useTranslation('notices');
  const navigate = useNavigate();
  // The marker as it was when the screen opened, so new notices stay marked while it is shown.
  const [opened] = useState(() => session.get().lastNotice);
  const { data, isPending } = useNotices(opened);

  useEffect(() => {
    if (data && data.newest > 0) session.update({ lastNotice: String(data.newest) });
  }, [data]);

  return (
    <>
      <PageHeader title={t('title')} />
      {isPending && <Skeleton.Paragraph lineCount={5} animated />}
      {data && data.list.length === 0 && <ErrorBlock status="empty" title={t('empty')} description="" />}
      {data && data.list.length > 0 && (
        <List className="card">
          {data.list.map((n) => (
            <ActionItem
              key={n.id}
              data-testid="notice"
              data-kind={n.kind}
              onClick={n.link ? () => navigate(n.link as string) : undefined}
              arrowIcon={Boolean(n.link)}
              description={
                <>
                  <p className="notice__body">{n.body}</p>
                  <small>{formatDateTime(n.createdAt, currentLanguage())}</small>
                </>
              }
            >
              <span className="notice__title">
                {n.unread && <Badge content={Badge.dot} className="notice__dot" />}
                {n.title}
              </span>
            </ActionItem>
          ))}
        </List>
      )}
    </>
  );
}
