import {
  adminGiftCardBatches,
  adminGiftCardBatchVoid,
  adminGiftCardIssue,
  adminGiftCards,
  adminGiftCardVoid,
  type ConsoleGiftCardBatch,
  type ConsoleGiftCardBatchRow,
  type ConsoleGiftCardRow,
  type ConsoleGiftCardState,
  GIFT_CARD_BATCH_MAX,
  GIFT_CARD_VALUE_MAX_CENTS,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Drawer, Form, Input, InputNumber, Modal, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../api.ts';
import { ShopperCell } from '../ConsoleList.tsx';
import { downloadText, giftCardsCsv } from '../csv.ts';
import { inFours, money, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

const STATE_COLOUR: Record<ConsoleGiftCardState, string> = {
  new: 'blue',
  active: 'green',
  void: 'default',
  expired: 'orange',
};

type IssueForm = { name: string; valueUsd: number; count: number; expiresAt: Dayjs };
type Issued = { batch: ConsoleGiftCardBatch; cards: { number: string; code: string }[] };
type Voiding = { kind: 'batch'; row: ConsoleGiftCardBatchRow } | { kind: 'card'; row: ConsoleGiftCardRow };

/** The numbers and codes of a batch as a CSV file (made in the browser: the server keeps only hashes). */
function downloadCsv(issued: Issued) {
  downloadText(`gift-cards-${issued.batch.id}.csv`, giftCardsCsv(issued.batch, issued.cards));
}

/** Gift cards: batches, issuing one (numbers and codes shown and exported once), its cards, voiding. */
export function Component() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<IssueForm>();
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<Issued | null>(null);
  const [cardsOf, setCardsOf] = useState<ConsoleGiftCardBatchRow | null>(null);
  const [cardPage, setCardPage] = useState(1);
  const [voiding, setVoiding] = useState<Voiding | null>(null);
  const [reason, setReason] = useState('');

  const batches = useQuery({
    queryKey: ['giftcard-batches', page],
    queryFn: () => call(adminGiftCardBatches, { page, size: 20 }),
  });
  const cards = useQuery({
    queryKey: ['giftcard-cards', cardsOf?.id, cardPage],
    queryFn: () => call(adminGiftCards, { batchId: cardsOf?.id as string, page: cardPage, size: 50 }),
    enabled: cardsOf !== null,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['giftcard-batches'] });
    void queryClient.invalidateQueries({ queryKey: ['giftcard-cards'] });
  };
  const issue = useMutation({
    mutationFn: (v: IssueForm) =>
      call(adminGiftCardIssue, {
        name: v.name.trim(),
        faceValueCents: Math.round(v.valueUsd * 100),
        count: v.count,
        expiresAt: v.expiresAt.toISOString(),
      }),
    onSuccess: (answer) => {
      setIssuing(false);
      setIssued(answer);
      downloadCsv(answer);
      refresh();
    },
    onError: showError,
  });
  const voidIt = useMutation({
    mutationFn: async (v: Voiding) =>
      v.kind === 'batch'
        ? call(adminGiftCardBatchVoid, { id: v.row.id, reason: reason.trim() })
        : call(adminGiftCardVoid, { id: v.row.id, reason: reason.trim() }),
    onSuccess: () => {
      message.success(t('giftcards.voided'));
      setVoiding(null);
      setReason('');
      refresh();
    },
    onError: showError,
  });

  return (
    <>
      <PageTitle
        extra={
          <Button type="primary" onClick={() => setIssuing(true)} data-testid="giftcards-issue">
            {t('giftcards.issue')}
          </Button>
        }
      >
        {t('giftcards.title')}
      </PageTitle>
      <Table<ConsoleGiftCardBatchRow>
        data-testid="giftcards-batches"
        rowKey="id"
        size="small"
        loading={batches.isFetching}
        dataSource={batches.data?.list}
        pagination={{
          current: page,
          pageSize: 20,
          total: batches.data?.total,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: t('giftcards.name'), dataIndex: 'name' },
          { title: t('giftcards.value'), dataIndex: 'faceValueCents', render: (c: number) => money(c) },
          { title: t('giftcards.count'), dataIndex: 'count' },
          {
            title: t('giftcards.states'),
            key: 'counts',
            render: (_, b) => (
              <Space size={4} wrap>
                <Tag color="blue">{`${t('giftcards.state.new')} ${b.counts.new}`}</Tag>
                <Tag color="green">{`${t('giftcards.state.active')} ${b.counts.active}`}</Tag>
                <Tag>{`${t('giftcards.state.void')} ${b.counts.void}`}</Tag>
                {b.counts.expired > 0 && (
                  <Tag color="orange">{`${t('giftcards.state.expired')} ${b.counts.expired}`}</Tag>
                )}
              </Space>
            ),
          },
          { title: t('giftcards.expiresAt'), dataIndex: 'expiresAt', render: (v: string) => time(v) },
          { title: t('giftcards.createdAt'), dataIndex: 'createdAt', render: (v: string) => time(v) },
          { title: t('giftcards.createdBy'), dataIndex: 'createdBy' },
          {
            title: '',
            key: 'actions',
            render: (_, b) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => {
                    setCardsOf(b);
                    setCardPage(1);
                  }}
                  data-testid={`giftcards-cards-${b.name}`}
                >
                  {t('giftcards.cards')}
                </Button>
                {b.counts.new > 0 && (
                  <Button
                    danger
                    size="small"
                    onClick={() => setVoiding({ kind: 'batch', row: b })}
                    data-testid={`giftcards-void-batch-${b.name}`}
                  >
                    {t('giftcards.voidBatch')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={issuing}
        title={t('giftcards.issueTitle')}
        okText={t('giftcards.issue')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setIssuing(false)}
        okButtonProps={{ ...({ 'data-testid': 'giftcards-issue-ok' } as object), loading: issue.isPending }}
        destroyOnHidden
      >
        <Form<IssueForm> form={form} layout="vertical" onFinish={(v) => issue.mutate(v)} preserve={false}>
          <Form.Item
            name="name"
            label={t('giftcards.name')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <Input maxLength={60} data-testid="giftcards-name" />
          </Form.Item>
          <Form.Item
            name="valueUsd"
            label={t('giftcards.valueUsd')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <InputNumber min={0.01} max={GIFT_CARD_VALUE_MAX_CENTS / 100} precision={2} data-testid="giftcards-value" />
          </Form.Item>
          <Form.Item
            name="count"
            label={t('giftcards.count')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <InputNumber min={1} max={GIFT_CARD_BATCH_MAX} precision={0} data-testid="giftcards-count" />
          </Form.Item>
          <Form.Item
            name="expiresAt"
            label={t('giftcards.expiresAt')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <DatePicker showTime data-testid="giftcards-expires" />
          </Form.Item>
          <Alert type="info" showIcon message={t('giftcards.onceNote')} />
        </Form>
      </Modal>
      <Modal
        open={issued !== null}
        title={t('giftcards.issuedTitle', { count: issued?.cards.length ?? 0, name: issued?.batch.name ?? '' })}
        onCancel={() => setIssued(null)}
        width={640}
        footer={[
          <Button key="csv" onClick={() => issued && downloadCsv(issued)} data-testid="giftcards-csv">
            {t('giftcards.downloadAgain')}
          </Button>,
          <Button key="done" type="primary" onClick={() => setIssued(null)} data-testid="giftcards-issued-done">
            {t('giftcards.done')}
          </Button>,
        ]}
      >
        <Alert type="warning" showIcon message={t('giftcards.onceWarning')} style={{ marginBottom: 12 }} />
        <Table
          data-testid="giftcards-issued"
          rowKey="number"
          size="small"
          pagination={{ pageSize: 10, showSizeChanger: false }}
          dataSource={issued?.cards ?? []}
          columns={[
            { title: t('giftcards.number'), dataIndex: 'number', render: inFours },
            { title: t('giftcards.code'), dataIndex: 'code', render: inFours },
          ]}
        />
      </Modal>
      <Drawer
        open={cardsOf !== null}
        onClose={() => setCardsOf(null)}
        width={720}
        title={t('giftcards.cardsTitle', { name: cardsOf?.name ?? '' })}
      >
        <Table<ConsoleGiftCardRow>
          data-testid="giftcards-cards"
          rowKey="id"
          size="small"
          loading={cards.isFetching}
          dataSource={cards.data?.list}
          pagination={{
            current: cardPage,
            pageSize: 50,
            total: cards.data?.total,
            onChange: setCardPage,
            showSizeChanger: false,
          }}
          columns={[
            { title: t('giftcards.last4'), dataIndex: 'last4', render: (v: string) => `•••• ${v}` },
            {
              title: t('giftcards.stateTitle'),
              dataIndex: 'state',
              render: (s: ConsoleGiftCardState) => (
                <Tag color={STATE_COLOUR[s]} data-testid="giftcard-state">
                  {t(`giftcards.state.${s}`)}
                </Tag>
              ),
            },
            {
              // Who activated it: the shopper's name and phone (an id tells staff nothing).
              title: t('giftcards.userId'),
              key: 'shopper',
              render: (_, c) => <ShopperCell shopper={c.shopper} />,
            },
            { title: t('giftcards.activatedAt'), dataIndex: 'activatedAt', render: (v: string | null) => time(v) },
            {
              title: '',
              key: 'actions',
              render: (_, c) =>
                c.state === 'new' && (
                  <Button
                    danger
                    size="small"
                    onClick={() => setVoiding({ kind: 'card', row: c })}
                    data-testid={`giftcards-void-card-${c.last4}`}
                  >
                    {t('giftcards.voidCard')}
                  </Button>
                ),
            },
          ]}
        />
      </Drawer>
      <Modal
        open={voiding !== null}
        title={
          voiding?.kind === 'batch'
            ? t('giftcards.voidBatchTitle', { name: voiding.row.name, count: voiding.row.counts.new })
            : t('giftcards.voidCardTitle', { last4: voiding?.kind === 'card' ? voiding.row.last4 : '' })
        }
        okText={voiding?.kind === 'batch' ? t('giftcards.voidBatch') : t('giftcards.voidCard')}
        okButtonProps={{
          ...({ 'data-testid': 'giftcards-void-ok' } as object),
          danger: true,
          loading: voidIt.isPending,
          disabled: !reason.trim(),
        }}
        cancelText={t('common.cancel')}
        onCancel={() => setVoiding(null)}
        onOk={() => voiding && voidIt.mutate(voiding)}
      >
        <p>{t('giftcards.voidExplain')}</p>
        <Input.TextArea
          rows={3}
          value={reason}
          placeholder={t('giftcards.reason')}
          onChange={(e) => setReason(e.target.value)}
          data-testid="giftcards-void-reason"
        />
      </Modal>
    </>
  );
}
