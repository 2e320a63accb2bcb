import {
  APPOINTMENT_STATES,
  type AppointmentState,
  adminValuationCalendar,
  adminValuationOutcome,
  type ConsoleAppointment,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, InputNumber, Modal, Radio, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../api.ts';
import { ShopperCell, shopperCsv, shopperText } from '../ConsoleList.tsx';
import { type CsvColumn, columnsToCsv, downloadText } from '../csv.ts';
import { money } from '../format.ts';
import { useT } from '../i18n.tsx';
import { useShowError } from '../ui.tsx';

const STATE_COLOUR: Record<AppointmentState, string> = {
  BOOKED: 'blue',
  CANCELLED: 'default',
  PAID: 'green',
  DECLINED: 'orange',
};

/** Phnom Penh (UTC+7) date and time of an instant. */
const local = (iso: string) =>
  new Date(new Date(iso).getTime() + 7 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

/** The appointment calendar: visits from a day for 14 days, by state, and each visit's outcome. */
export function Calendar() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(today());
  const [state, setState] = useState<AppointmentState | 'all'>('all');
  const [settling, setSettling] = useState<ConsoleAppointment | null>(null);
  const [outcome, setOutcome] = useState<'paid' | 'declined'>('paid');
  const [finalUsd, setFinalUsd] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [typed, setTyped] = useState({ phone: '', reference: '' });
  const [search, setSearch] = useState({ phone: '', reference: '' });
  const list = useQuery({
    queryKey: ['valuation-calendar', from, state, search.phone, search.reference],
    queryFn: () =>
      call(adminValuationCalendar, {
        from,
        days: 14,
        state: state === 'all' ? undefined : state,
        phone: search.phone || undefined,
        reference: search.reference || undefined,
      }),
  });
  useEffect(() => {
    if (list.error) showError(list.error);
  }, [list.error, showError]);
  const applySearch = () => setSearch({ phone: typed.phone.trim(), reference: typed.reference.trim() });
  // The calendar's columns as text: the table shows them, the CSV holds them.
  const columns: (CsvColumn<ConsoleAppointment> & { key: string })[] = [
    { key: 'when', title: t('valuation.when'), text: (r) => local(r.startsAt) },
    {
      key: 'shopper',
      title: t('list.shopper'),
      text: (r) => shopperText(r.shopper),
      csv: (r) => shopperCsv(r.shopper),
    },
    { key: 'model', title: t('valuation.model'), text: (r) => r.estimate.modelName },
    {
      key: 'place',
      title: t('valuation.place'),
      text: (r) => `${t(`valuation.placeKind.${r.place}`)} ${r.placeName} ${r.placeLine}`.trim(),
    },
    {
      key: 'estimate',
      title: t('valuation.estimate'),
      text: (r) => money(r.estimate.priceCents),
      cents: (r) => r.estimate.priceCents,
    },
    { key: 'state', title: t('valuation.stateTitle'), text: (r) => t(`valuation.state.${r.state}`) },
    {
      key: 'final',
      title: t('valuation.final'),
      text: (r) => (r.finalCents === null ? '—' : money(r.finalCents)),
      cents: (r) => r.finalCents,
    },
  ];
  const exportCsv = () => downloadText(`valuation-${from}.csv`, columnsToCsv(columns, list.data ?? []));
  const settle = useMutation({
    mutationFn: () =>
      call(adminValuationOutcome, {
        id: settling?.id as string,
        outcome,
        finalCents: outcome === 'paid' ? Math.round((finalUsd ?? 0) * 100) : undefined,
        note: note.trim() || undefined,
      }),
    onSuccess: (row) => {
      message.success(t('valuation.recorded', { state: t(`valuation.state.${row.state}`) }));
      setSettling(null);
      void queryClient.invalidateQueries({ queryKey: ['valuation-calendar'] });
    },
    onError: showError,
  });
  const open = (row: ConsoleAppointment) => {
    setSettling(row);
    setOutcome('paid');
    setFinalUsd(row.estimate.priceCents / 100);
    setNote('');
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <span>{t('valuation.from')}</span>
        <Input
          type="date"
          aria-label={t('valuation.from')}
          value={from}
          onChange={(e) => e.target.value && setFrom(e.target.value)}
          data-testid="eva-from"
        />
        <Select<AppointmentState | 'all'>
          value={state}
          onChange={setState}
          style={{ width: 180 }}
          aria-label={t('valuation.allStates')}
          data-testid="eva-state-filter"
          options={[
            { value: 'all', label: t('valuation.allStates') },
            ...APPOINTMENT_STATES.map((s) => ({ value: s, label: t(`valuation.state.${s}`) })),
          ]}
        />
        <span data-testid="eva-phone">
          <Input
            allowClear
            style={{ width: 180 }}
            placeholder={t('list.phone')}
            aria-label={t('list.phone')}
            value={typed.phone}
            onChange={(e) => setTyped({ ...typed, phone: e.target.value })}
            onPressEnter={applySearch}
          />
        </span>
        <span data-testid="eva-reference">
          <Input
            allowClear
            style={{ width: 180 }}
            placeholder={t('list.reference')}
            aria-label={t('list.reference')}
            value={typed.reference}
            onChange={(e) => setTyped({ ...typed, reference: e.target.value })}
            onPressEnter={applySearch}
          />
        </span>
        <Button type="primary" onClick={applySearch} data-testid="eva-search">
          {t('list.search')}
        </Button>
        <Button onClick={exportCsv} disabled={!list.data?.length} data-testid="eva-csv">
          {t('list.csv')}
        </Button>
      </Space>
      <Table<ConsoleAppointment>
        data-testid="eva-calendar"
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data}
        pagination={false}
        columns={[
          { title: t('valuation.when'), dataIndex: 'startsAt', render: (v: string) => local(v) },
          {
            // Who booked: a home visit is reached by this phone.
            title: t('list.shopper'),
            key: 'shopper',
            render: (_, r) => <ShopperCell shopper={r.shopper} />,
          },
          { title: t('valuation.model'), key: 'model', render: (_, r) => r.estimate.modelName },
          {
            title: t('valuation.place'),
            key: 'place',
            render: (_, r) => (
              <>
                <Tag>{t(`valuation.placeKind.${r.place}`)}</Tag>
                {r.placeName}
                <br />
                <small>{r.placeLine}</small>
              </>
            ),
          },
          { title: t('valuation.estimate'), key: 'estimate', render: (_, r) => money(r.estimate.priceCents) },
          {
            title: t('valuation.stateTitle'),
            dataIndex: 'state',
            render: (s: AppointmentState) => <Tag color={STATE_COLOUR[s]}>{t(`valuation.state.${s}`)}</Tag>,
          },
          {
            title: t('valuation.final'),
            dataIndex: 'finalCents',
            render: (c: number | null) => (c === null ? '—' : money(c)),
          },
          {
            title: '',
            key: 'actions',
            render: (_, row) =>
              row.state === 'BOOKED' ? (
                <Button
                  size="small"
                  type="primary"
                  onClick={() => open(row)}
                  data-testid={`eva-outcome-${row.estimate.id}`}
                >
                  {t('valuation.outcome')}
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        open={settling !== null}
        title={t('valuation.outcomeTitle', { model: settling?.estimate.modelName ?? '' })}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: settle.isPending, disabled: outcome === 'paid' && !finalUsd, id: 'eva-save' }}
        onCancel={() => setSettling(null)}
        onOk={() => settle.mutate()}
      >
        <p>
          {t('valuation.estimate')}: {settling ? money(settling.estimate.priceCents) : ''} · {t('valuation.upTo')}:{' '}
          {settling ? money(settling.estimate.upToCents) : ''}
        </p>
        <ul>
          {settling?.estimate.answers.map((a) => (
            <li key={a.key}>
              {a.title}: {a.label}
            </li>
          ))}
        </ul>
        <Radio.Group value={outcome} onChange={(e) => setOutcome(e.target.value)} style={{ marginBottom: 12 }}>
          <Radio value="paid" data-testid="eva-outcome-paid">
            {t('valuation.paid')}
          </Radio>
          <Radio value="declined" data-testid="eva-outcome-declined">
            {t('valuation.declined')}
          </Radio>
        </Radio.Group>
        {outcome === 'paid' && (
          <InputNumber
            style={{ width: '100%' }}
            prefix="USD"
            min={0.01}
            step={1}
            precision={2}
            value={finalUsd}
            onChange={(v) => setFinalUsd(v)}
            aria-label={t('valuation.final')}
            data-testid="eva-final"
          />
        )}
        <Input.TextArea
          rows={2}
          style={{ marginTop: 12 }}
          value={note}
          placeholder={t('valuation.note')}
          aria-label={t('valuation.note')}
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
    </>
  );
}
