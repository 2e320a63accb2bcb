import { adminNotificationLog, adminNotificationTemplates, adminNotificationToday } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Input, Select, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../api.ts';
import { time } from '../format.ts';
import { LANGUAGES, useI18n, useT } from '../i18n.tsx';
import { PageTitle, ScrollTable, useShowError } from '../ui.tsx';

type Row = Awaited<ReturnType<typeof logOf>>['list'][number];
const logOf = (phone: string) => call(adminNotificationLog, { phone });

const STATE_COLOURS: Record<string, string> = {
  sent: 'green',
  failed: 'red',
  withheld: 'default',
  pending: 'blue',
  sending: 'gold',
};

/**
 * Notifications (issue 46, support): today's messages and failures by channel, a shopper's message
 * log, and each event's template in the three languages.
 */
export function Component() {
  const t = useT();
  const { language } = useI18n();
  const showError = useShowError();
  const [phone, setPhone] = useState<string | undefined>();
  const today = useQuery({ queryKey: ['notify-today'], queryFn: () => call(adminNotificationToday, {}) });
  const templates = useQuery({ queryKey: ['notify-templates'], queryFn: () => call(adminNotificationTemplates, {}) });
  const log = useQuery({
    queryKey: ['notify-log', phone],
    queryFn: () => logOf(phone as string),
    enabled: Boolean(phone),
    retry: false,
  });
  useEffect(() => {
    if (log.error) showError(log.error);
  }, [log.error, showError]);
  const [event, setEvent] = useState('order.shipped');
  const titleOf = (kind: string) =>
    templates.data?.list.find((x) => x.event === kind)?.texts.find((x) => x.language === language)?.title ?? kind;
  const channel = (c: string) => t(`notify.channel.${c}`);
  const chosen = templates.data?.list.find((x) => x.event === event);

  return (
    <>
      <PageTitle>{t('notify.title')}</PageTitle>
      <Card title={t('notify.today')} style={{ marginBottom: 16 }}>
        <Table
          data-testid="notify-today"
          rowKey="channel"
          size="small"
          pagination={false}
          loading={today.isPending}
          dataSource={today.data?.channels}
          columns={[
            { title: t('notify.channelLabel'), dataIndex: 'channel', render: channel },
            { title: t('notify.state.sent'), dataIndex: 'sent', align: 'right' },
            {
              title: t('notify.state.failed'),
              dataIndex: 'failed',
              align: 'right',
              render: (n: number) => (n ? <Tag color="red">{n}</Tag> : n),
            },
            { title: t('notify.waiting'), dataIndex: 'waiting', align: 'right' },
            { title: t('notify.state.withheld'), dataIndex: 'withheld', align: 'right' },
            { title: t('notify.retries'), dataIndex: 'retries', align: 'right' },
          ]}
        />
      </Card>
      <Card title={t('notify.log')} style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder={t('common.phone')}
          aria-label={t('common.phone')}
          allowClear
          enterButton={t('common.search')}
          style={{ maxWidth: 360, marginBottom: 16 }}
          onSearch={(v) => setPhone(v.trim() || undefined)}
          data-testid="notify-phone"
        />
        {phone && (
          <ScrollTable<Row>
            label={t('notify.log')}
            data-testid="notify-log"
            rowKey="id"
            size="small"
            scroll={{ x: 900 }}
            loading={log.isFetching}
            dataSource={log.data?.list}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            columns={[
              { title: t('audit.at'), dataIndex: 'createdAt', render: (v: string) => time(v), width: 160 },
              {
                title: t('notify.event'),
                dataIndex: 'event',
                render: (v: string) => (
                  <>
                    {titleOf(v)}
                    <br />
                    <code>{v}</code>
                  </>
                ),
              },
              { title: t('notify.channelLabel'), dataIndex: 'channel', render: channel, width: 110 },
              {
                title: t('notify.stateLabel'),
                dataIndex: 'state',
                width: 140,
                render: (s: string, row: Row) => (
                  <>
                    <Tag color={STATE_COLOURS[s] ?? 'default'}>{t(`notify.state.${s}`)}</Tag>
                    {row.deferred && <Tag>{t('notify.quietHours')}</Tag>}
                    {row.attempts > 1 && <div>{t('notify.tries', { n: row.attempts })}</div>}
                  </>
                ),
              },
              {
                title: t('notify.sentAt'),
                dataIndex: 'sentAt',
                width: 160,
                render: (v: string | null, row: Row) => (v ? time(v) : `${t('notify.due')} ${time(row.dueAt)}`),
              },
              { title: t('notify.failure'), dataIndex: 'failure', render: (v: string) => v || '—' },
            ]}
          />
        )}
      </Card>
      <Card title={t('notify.templates')}>
        <Select
          showSearch
          aria-label={t('notify.event')}
          value={event}
          onChange={setEvent}
          style={{ width: '100%', maxWidth: 480, marginBottom: 16 }}
          loading={templates.isPending}
          options={templates.data?.list.map((x) => ({ value: x.event, label: `${titleOf(x.event)} · ${x.event}` }))}
          data-testid="notify-template-event"
        />
        {chosen && (
          <Descriptions bordered column={1} size="small" data-testid="notify-template">
            {LANGUAGES.map((l) => {
              const text = chosen.texts.find((x) => x.language === l);
              return (
                <Descriptions.Item key={l} label={t(`language.${l}`)}>
                  <div lang={l === 'kh' ? 'km' : l === 'chs' ? 'zh-Hans' : 'en'}>
                    <strong>{text?.title}</strong>
                    <div>{text?.body}</div>
                    {text?.link && <code>{text.link}</code>}
                  </div>
                </Descriptions.Item>
              );
            })}
          </Descriptions>
        )}
      </Card>
    </>
  );
}
