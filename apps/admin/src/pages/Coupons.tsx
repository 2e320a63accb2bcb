import {
  adminCouponBatchActive,
  adminCouponBatchCreate,
  adminCouponBatches,
  adminCouponIssue,
  type ConsoleBatch,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { LocalizedFields, toCents } from '../components.tsx';
import { money, time } from '../format.ts';
import { type Language, useI18n } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

type BatchForm = {
  title: Record<Language, string>;
  minSpend: number;
  discount: number;
  validDays: number;
  code?: string;
  totalLimit?: number;
  perUserLimit: number;
};

export function Component() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [issuing, setIssuing] = useState<ConsoleBatch | null>(null);
  const [phones, setPhones] = useState('');
  const [form] = Form.useForm<BatchForm>();
  const batches = useQuery({ queryKey: ['coupons'], queryFn: () => call(adminCouponBatches) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['coupons'] });
  const create = useMutation({
    mutationFn: (v: BatchForm) =>
      call(adminCouponBatchCreate, {
        title: v.title,
        minSpendCents: toCents(v.minSpend) ?? 0,
        discountCents: toCents(v.discount) ?? 0,
        validDays: v.validDays,
        code: v.code || null,
        totalLimit: v.totalLimit ?? null,
        perUserLimit: v.perUserLimit,
      }),
    onSuccess: () => {
      message.success(t('common.saved'));
      setCreating(false);
      form.resetFields();
      void refresh();
    },
    onError: showError,
  });
  const active = useMutation({
    mutationFn: (v: { id: number; active: boolean }) => call(adminCouponBatchActive, v),
    onSuccess: () => refresh(),
    onError: showError,
  });
  const issue = useMutation({
    mutationFn: () =>
      call(adminCouponIssue, {
        batchId: issuing?.id as number,
        phones: phones.split(/[\s,;]+/).filter(Boolean),
      }),
    onSuccess: (r) => {
      message.success(t('coupons.issued', { n: r.issued }));
      setIssuing(null);
      setPhones('');
      void refresh();
    },
    onError: showError,
  });
  return (
    <>
      <PageTitle
        extra={
          <Button type="primary" onClick={() => setCreating(true)} data-testid="coupon-new">
            {t('coupons.new')}
          </Button>
        }
      >
        {t('coupons.title')}
      </PageTitle>
      <Table<ConsoleBatch>
        rowKey="id"
        size="small"
        data-testid="coupon-table"
        loading={batches.isPending}
        dataSource={batches.data}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          { title: t('catalogue.name'), key: 'title', render: (_, b) => b.title[language] },
          {
            title: t('coupons.rule'),
            key: 'rule',
            render: (_, b) => t('coupons.ruleText', { min: money(b.minSpendCents), off: money(b.discountCents) }),
          },
          { title: t('coupons.code'), dataIndex: 'code', render: (c: string | null) => (c ? <code>{c}</code> : '—') },
          { title: t('coupons.validDays'), dataIndex: 'validDays' },
          {
            title: t('coupons.issuedCount'),
            key: 'issued',
            render: (_, b) => `${b.issuedCount}${b.totalLimit ? ` / ${b.totalLimit}` : ''}`,
          },
          { title: t('audit.at'), dataIndex: 'createdAt', render: (v: string) => time(v) },
          {
            title: t('coupons.active'),
            dataIndex: 'active',
            render: (v: boolean, b) => (
              <Switch
                checked={v}
                aria-label={t('common.switchOf', { what: t('coupons.active'), name: b.title[language] })}
                onChange={(a) => active.mutate({ id: b.id, active: a })}
              />
            ),
          },
          {
            title: '',
            key: 'issue',
            render: (_, b) => (
              <Button size="small" onClick={() => setIssuing(b)}>
                {t('coupons.issue')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('coupons.new')}
        width={760}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setCreating(false)}
        okButtonProps={{ loading: create.isPending }}
        destroyOnHidden
      >
        <Form<BatchForm>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={(v) => create.mutate(v)}
          initialValues={{ validDays: 30, perUserLimit: 1 }}
        >
          <LocalizedFields name="title" label={t('catalogue.name')} testId="coupon-title" />
          <Space size="large" wrap>
            <Form.Item
              name="minSpend"
              label={t('coupons.minSpend')}
              rules={[{ required: true, message: t('common.required') }]}
            >
              <InputNumber prefix="$" min={0} precision={2} />
            </Form.Item>
            <Form.Item
              name="discount"
              label={t('coupons.discount')}
              rules={[{ required: true, message: t('common.required') }]}
            >
              <InputNumber prefix="$" min={0} precision={2} />
            </Form.Item>
            <Form.Item name="validDays" label={t('coupons.validDays')}>
              <InputNumber min={1} max={365} />
            </Form.Item>
            <Form.Item name="perUserLimit" label={t('coupons.perUser')}>
              <InputNumber min={1} max={100} />
            </Form.Item>
            <Form.Item name="totalLimit" label={t('coupons.total')}>
              <InputNumber min={1} />
            </Form.Item>
            <Form.Item name="code" label={t('coupons.code')} extra={t('coupons.codeHint')}>
              <Input style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
      <Modal
        open={issuing !== null}
        title={issuing ? t('coupons.issueTitle', { name: issuing.title[language] }) : ''}
        okText={t('coupons.issue')}
        cancelText={t('common.cancel')}
        onOk={() => issue.mutate()}
        onCancel={() => setIssuing(null)}
        okButtonProps={{ loading: issue.isPending }}
      >
        <Input.TextArea
          rows={4}
          value={phones}
          onChange={(e) => setPhones(e.target.value)}
          placeholder={t('coupons.phonesHint')}
        />
      </Modal>
    </>
  );
}
