import { ADJUSTABLE_ACCOUNTS, adminUserLedger, adminWalletAdjust } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Form, Input, InputNumber, Row, Select, Statistic, Table } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { toCents } from '../components.tsx';
import { money, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

export function Component() {
  const t = useT();
  const showError = useShowError();
  const [phone, setPhone] = useState('');
  const [page, setPage] = useState(1);
  const ledger = useQuery({
    queryKey: ['ledger', phone, page],
    queryFn: async () => {
      try {
        return await call(adminUserLedger, { phone, page, size: 20 });
      } catch (e) {
        showError(e);
        throw e;
      }
    },
    enabled: phone.length > 0,
    retry: false,
  });
  const d = ledger.data;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ account: (typeof ADJUSTABLE_ACCOUNTS)[number]; amount: number; reason: string }>();
  const adjust = useMutation({
    mutationFn: (v: { account: (typeof ADJUSTABLE_ACCOUNTS)[number]; amount: number; reason: string }) =>
      call(adminWalletAdjust, {
        phone,
        account: v.account,
        amountCents: toCents(v.amount) ?? 0,
        reason: v.reason,
        requestId: crypto.randomUUID(),
      }),
    onSuccess: () => {
      message.success(t('common.saved'));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['ledger'] });
    },
    onError: showError,
  });
  return (
    <>
      <PageTitle>{t('ledger.title')}</PageTitle>
      <Input.Search
        placeholder={t('common.phone')}
        enterButton={t('common.search')}
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(v) => {
          setPage(1);
          setPhone(v.trim());
        }}
        data-testid="ledger-phone"
      />
      {d && (
        <>
          <Descriptions size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('common.phone')}>{d.user.phone}</Descriptions.Item>
            <Descriptions.Item label={t('support.name')}>{d.user.name || '—'}</Descriptions.Item>
            <Descriptions.Item label="ID">{d.user.id}</Descriptions.Item>
          </Descriptions>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            {(['cashCents', 'frozenCents', 'giftCents', 'bonusCents', 'ecashCents', 'loanCreditCents'] as const).map(
              (k) => (
                <Col span={4} key={k}>
                  <Card size="small">
                    <Statistic title={t(`ledger.${k}`)} value={money(d.balances[k])} />
                  </Card>
                </Col>
              ),
            )}
          </Row>
          <Card size="small" title={t('ledger.adjust')} style={{ marginBottom: 16 }}>
            <Form form={form} layout="inline" onFinish={(v) => adjust.mutate(v)} initialValues={{ account: 'cash' }}>
              <Form.Item name="account">
                <Select style={{ width: 120 }} options={ADJUSTABLE_ACCOUNTS.map((a) => ({ value: a, label: a }))} />
              </Form.Item>
              <Form.Item name="amount" rules={[{ required: true, message: t('common.required') }]}>
                <InputNumber prefix="$" step={0.01} precision={2} placeholder="±0.00" data-testid="adjust-amount" />
              </Form.Item>
              <Form.Item name="reason" rules={[{ required: true, whitespace: true, message: t('common.required') }]}>
                <Input placeholder={t('withdrawal.reasonHint')} style={{ width: 320 }} data-testid="adjust-reason" />
              </Form.Item>
              <Button htmlType="submit" loading={adjust.isPending} data-testid="adjust-save">
                {t('ledger.adjustSave')}
              </Button>
            </Form>
          </Card>
          <Table
            rowKey="id"
            size="small"
            dataSource={d.bills.list}
            pagination={{
              current: page,
              pageSize: 20,
              total: d.bills.total,
              onChange: setPage,
              showSizeChanger: false,
            }}
            columns={[
              { title: t('audit.at'), dataIndex: 'createdAt', render: (v: string) => time(v) },
              { title: t('ledger.account'), dataIndex: 'account' },
              { title: t('ledger.kind'), dataIndex: 'kind' },
              { title: t('withdrawal.amount'), dataIndex: 'amountCents', render: (c: number) => money(c) },
              { title: t('ledger.balanceAfter'), dataIndex: 'balanceAfterCents', render: (c: number) => money(c) },
              { title: t('ledger.ref'), key: 'ref', render: (_, b) => `${b.refType} ${b.refId}` },
              { title: t('withdrawal.reason'), dataIndex: 'note', render: (v?: string) => v ?? '' },
            ]}
          />
        </>
      )}
    </>
  );
}
