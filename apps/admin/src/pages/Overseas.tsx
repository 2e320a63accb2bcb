import {
  adminOverseasMarkBought,
  adminOverseasMove,
  adminOverseasOrders,
  adminOverseasRefund,
  adminOverseasSaveSettings,
  adminOverseasSettings,
  type ConsoleOverseasOrder,
  OVERSEAS_MOVES,
  OVERSEAS_STATES,
  type OverseasState,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Space, Tag, Timeline } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../api.ts';
import { ConsoleList, ShopperCell, shopperCsv, shopperText } from '../ConsoleList.tsx';
import { formatPhone, money, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

const STATE_COLOUR: Record<OverseasState, string> = {
  WP: 'default',
  PAID: 'orange',
  BOUGHT: 'blue',
  WAREHOUSE: 'blue',
  FREIGHT: 'geekblue',
  ARRIVED: 'cyan',
  DELIVERED: 'green',
  CANCEL: 'default',
  REFUNDED: 'red',
};
const STAFF_MOVES = ['WAREHOUSE', 'FREIGHT', 'ARRIVED', 'DELIVERED'] as const;
type StaffMove = (typeof STAFF_MOVES)[number];
const nextMove = (state: OverseasState) =>
  (OVERSEAS_MOVES[state].find((s) => (STAFF_MOVES as readonly string[]).includes(s)) as StaffMove | undefined) ?? null;

/** Overseas orders: by state; buy by hand with the source order numbers, move on to delivery, refund; the rate, fee and freight. */
export function Component() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const client = useQueryClient();
  const [buying, setBuying] = useState<ConsoleOverseasOrder | null>(null);
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  const [refunding, setRefunding] = useState<ConsoleOverseasOrder | null>(null);
  const [reason, setReason] = useState('');
  const done = (row: ConsoleOverseasOrder) => {
    message.success(t('overseas.nowState', { state: t(`overseas.state.${row.state}`) }));
    setBuying(null);
    setRefunding(null);
    setReason('');
    void client.invalidateQueries({ queryKey: ['overseas'] });
  };
  const move = useMutation({
    mutationFn: (v: { id: string; to: StaffMove }) => call(adminOverseasMove, v),
    onSuccess: done,
    onError: showError,
  });
  const bought = useMutation({
    mutationFn: (v: { id: string; sourceOrders: { shopId: string; sourceOrderNo: string }[] }) =>
      call(adminOverseasMarkBought, v),
    onSuccess: done,
    onError: showError,
  });
  const refund = useMutation({
    mutationFn: (v: { id: string; reason: string }) => call(adminOverseasRefund, v),
    onSuccess: done,
    onError: showError,
  });
  return (
    <>
      <PageTitle>{t('overseas.title')}</PageTitle>
      <OverseasSettingsCard />
      <ConsoleList<ConsoleOverseasOrder, OverseasState>
        name="overseas"
        testId="overseas-table"
        all
        tabs={OVERSEAS_STATES.map((s) => ({ key: s, label: t(`overseas.state.${s}`) }))}
        fetch={(q) => call(adminOverseasOrders, q)}
        rowKey={(r) => r.id}
        columns={[
          {
            key: 'orderNo',
            title: t('overseas.orderNo'),
            text: (r) => r.orderNo,
            render: (r, open) => (
              <Button type="link" size="small" onClick={open} data-testid={`overseas-open-${r.orderNo}`}>
                {r.orderNo}
              </Button>
            ),
          },
          {
            key: 'shopper',
            title: t('list.shopper'),
            text: (r) => shopperText(r.shopper),
            csv: (r) => shopperCsv(r.shopper),
            render: (r) => <ShopperCell shopper={r.shopper} />,
          },
          { key: 'shops', title: t('overseas.shops'), text: (r) => r.sourceOrders.map((x) => x.shopName).join(', ') },
          { key: 'total', title: t('overseas.total'), text: (r) => money(r.totalCents), cents: (r) => r.totalCents },
          {
            key: 'state',
            title: t('overseas.stateTitle'),
            text: (r) => t(`overseas.state.${r.state}`),
            render: (r) => <Tag color={STATE_COLOUR[r.state]}>{t(`overseas.state.${r.state}`)}</Tag>,
          },
          { key: 'paidAt', title: t('overseas.paidAt'), text: (r) => (r.paidAt ? time(r.paidAt) : '—') },
        ]}
        actions={(row) => {
          const next = nextMove(row.state);
          return (
            <Space wrap>
              {row.state === 'PAID' && (
                <Button size="small" onClick={() => setBuying(row)}>
                  {t('overseas.markBought')}
                </Button>
              )}
              {next && row.state !== 'PAID' && (
                <Button
                  size="small"
                  type="primary"
                  loading={move.isPending}
                  onClick={() => move.mutate({ id: row.id, to: next })}
                  data-testid={`overseas-move-${row.orderNo}`}
                >
                  {t(`overseas.to.${next}`)}
                </Button>
              )}
              {OVERSEAS_MOVES[row.state].includes('REFUNDED') && (
                <Button danger size="small" onClick={() => setRefunding(row)}>
                  {t('overseas.refund')}
                </Button>
              )}
            </Space>
          );
        }}
        drawer={{
          width: 480,
          title: (o) => o.orderNo,
          body: (o) => (
            <>
              <p>
                {o.address?.receiver} {formatPhone(o.address?.mobile ?? '')} · {o.address?.fullText}
              </p>
              {o.failure && <p style={{ color: '#c62828' }}>{o.failure}</p>}
              {o.sourceOrders.map((s) => (
                <Card
                  key={s.shopId}
                  size="small"
                  title={`${s.shopName} (${s.channel} ${s.shopId})`}
                  style={{ marginBottom: 8 }}
                >
                  <p>
                    {s.sourceOrderNo ? t('overseas.sourceOrderNo', { no: s.sourceOrderNo }) : t('overseas.notBought')}
                  </p>
                  {s.lines.map((l) => (
                    <p key={l.skuId}>
                      {l.titleZh} · {l.attrsZh} · {money(l.unitCents)} × {l.count}
                    </p>
                  ))}
                </Card>
              ))}
              <Timeline items={o.events.map((e) => ({ children: `${time(e.at)} · ${e.text}` }))} />
            </>
          ),
        }}
      />
      <Modal
        open={buying !== null}
        title={t('overseas.markBought')}
        okText={t('overseas.markBought')}
        okButtonProps={{ loading: bought.isPending }}
        cancelText={t('common.cancel')}
        onCancel={() => setBuying(null)}
        onOk={() =>
          buying &&
          bought.mutate({
            id: buying.id,
            sourceOrders: buying.sourceOrders.map((s) => ({
              shopId: s.shopId,
              sourceOrderNo: numbers[s.shopId] ?? '',
            })),
          })
        }
      >
        {buying?.sourceOrders.map((s) => (
          <Form.Item key={s.shopId} label={s.shopName}>
            <Input
              value={numbers[s.shopId] ?? ''}
              placeholder={t('overseas.sourceOrderPlaceholder')}
              onChange={(e) => setNumbers({ ...numbers, [s.shopId]: e.target.value })}
            />
          </Form.Item>
        ))}
      </Modal>
      <Modal
        open={refunding !== null}
        title={t('overseas.refundTitle', { amount: refunding ? money(refunding.paidCents) : '' })}
        okText={t('overseas.refund')}
        okButtonProps={{ danger: true, loading: refund.isPending, disabled: reason.trim().length < 2 }}
        cancelText={t('common.cancel')}
        onCancel={() => setRefunding(null)}
        onOk={() => refunding && refund.mutate({ id: refunding.id, reason: reason.trim() })}
      >
        <p>{t('overseas.refundExplain')}</p>
        <Input.TextArea
          rows={3}
          value={reason}
          placeholder={t('overseas.refundReason')}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}

type SettingsForm = { rate: number; feePct: number; perKg: number; minimum: number; volumetricDivisor: number };

/** The rate (CNY per USD), service fee and freight rules: new quotes use them, given quotes keep theirs. */
function OverseasSettingsCard() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const [form] = Form.useForm<SettingsForm>();
  const settings = useQuery({ queryKey: ['overseas-settings'], queryFn: () => call(adminOverseasSettings) });
  useEffect(() => {
    const s = settings.data;
    if (s)
      form.setFieldsValue({
        rate: s.rateMilli / 1000,
        feePct: s.feeBp / 100,
        perKg: s.perKgCents / 100,
        minimum: s.minimumCents / 100,
        volumetricDivisor: s.volumetricDivisor,
      });
  }, [settings.data, form]);
  const save = useMutation({
    mutationFn: (v: SettingsForm) =>
      call(adminOverseasSaveSettings, {
        rateMilli: Math.round(v.rate * 1000),
        feeBp: Math.round(v.feePct * 100),
        perKgCents: Math.round(v.perKg * 100),
        minimumCents: Math.round(v.minimum * 100),
        volumetricDivisor: v.volumetricDivisor,
      }),
    onSuccess: () => message.success(t('overseas.saved')),
    onError: showError,
  });
  return (
    <Card size="small" title={t('overseas.settings')} style={{ marginBottom: 12 }}>
      <Form form={form} layout="inline" onFinish={(v) => save.mutate(v)}>
        <Form.Item name="rate" label={t('overseas.rate')} rules={[{ required: true }]}>
          <InputNumber min={1} max={20} step={0.01} />
        </Form.Item>
        <Form.Item name="feePct" label={t('overseas.fee')} rules={[{ required: true }]}>
          <InputNumber min={0} max={50} step={0.5} addonAfter="%" />
        </Form.Item>
        <Form.Item name="perKg" label={t('overseas.perKg')} rules={[{ required: true }]}>
          <InputNumber min={0} max={1000} step={0.1} addonBefore="$" />
        </Form.Item>
        <Form.Item name="minimum" label={t('overseas.minimum')} rules={[{ required: true }]}>
          <InputNumber min={0} max={1000} step={0.1} addonBefore="$" />
        </Form.Item>
        <Form.Item name="volumetricDivisor" label={t('overseas.divisor')} rules={[{ required: true }]}>
          <InputNumber min={1000} max={10000} step={500} />
        </Form.Item>
        <Button htmlType="submit" type="primary" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
