import { type AuditEntry, adminAuditList } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle } from '../ui.tsx';

type Filter = { staffLogin?: string; action?: string; targetType?: string; targetId?: string };

/** A record's data as JSON, scrolled within its cell: a named region in the tab order, so a keyboard scrolls it too. */
function Json({ value, label }: { value: unknown; label: string }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled box is reached by keyboard to be scrolled
      tabIndex={0}
      aria-label={label}
      style={{ maxWidth: 380, maxHeight: 160, overflow: 'auto' }}
    >
      <pre style={{ margin: 0, fontSize: 11, whiteSpace: 'pre-wrap' }}>{JSON.stringify(value, null, 1)}</pre>
    </section>
  );
}

export function Component() {
  const t = useT();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>({});
  const list = useQuery({
    queryKey: ['audit', page, filter],
    queryFn: () => call(adminAuditList, { page, size: 20, ...filter }),
  });
  return (
    <>
      <PageTitle>{t('audit.title')}</PageTitle>
      <Form
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v: Filter) => {
          setPage(1);
          setFilter(Object.fromEntries(Object.entries(v).filter(([, x]) => x)) as Filter);
        }}
      >
        <Form.Item name="staffLogin">
          <Input placeholder={t('audit.who')} data-testid="audit-who" allowClear />
        </Form.Item>
        <Form.Item name="action">
          <Input placeholder={t('audit.action')} data-testid="audit-action" allowClear />
        </Form.Item>
        <Form.Item name="targetType">
          <Input placeholder={t('audit.targetType')} allowClear />
        </Form.Item>
        <Form.Item name="targetId">
          <Input placeholder={t('audit.targetId')} allowClear />
        </Form.Item>
        <Button htmlType="submit" type="primary" data-testid="audit-search">
          {t('common.search')}
        </Button>
      </Form>
      <Table<AuditEntry>
        data-testid="audit-table"
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('audit.at'), dataIndex: 'at', render: (v: string) => time(v), width: 170 },
          { title: t('audit.who'), dataIndex: 'staffLogin', width: 120 },
          { title: t('audit.action'), dataIndex: 'action', width: 180 },
          {
            title: t('audit.target'),
            key: 'target',
            render: (_, row) => `${row.targetType} ${row.targetId}`,
            width: 200,
          },
          {
            title: t('audit.before'),
            dataIndex: 'before',
            render: (v: unknown) => <Json value={v} label={t('audit.before')} />,
          },
          {
            title: t('audit.after'),
            dataIndex: 'after',
            render: (v: unknown) => <Json value={v} label={t('audit.after')} />,
          },
        ]}
      />
    </>
  );
}
