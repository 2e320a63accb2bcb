import type { ShopperContact } from '@shop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Input, Space, Table } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { allPages, type CsvColumn, columnsToCsv, csvPhone, downloadText } from './csv.ts';
import { useT } from './i18n.tsx';
import { ALL, tabCount, tabToShow } from './lists.ts';
import { ManyTabs, useShowError } from './ui.tsx';

/**
 * One column: its text (shown, and written to the CSV) or its own cell, and its CSV text then; an
 * amount gives its `cents` (a number column in the CSV), a phone its `csv` (csv.ts).
 */
export type ListColumn<Row> = CsvColumn<Row> & {
  key: string;
  render?: (row: Row, open: () => void) => ReactNode;
  width?: number;
};

export type ListQuery<State extends string> = {
  state?: State;
  phone?: string;
  reference?: string;
  page: number;
  size: number;
};

type ListPage<Row> = { list: Row[]; total: number; counts?: Record<string, number> };

/**
 * The console's list (decision 0028): tabs by state with the counts of the search, a search by the
 * shopper's phone and by reference, the table, a CSV of the whole filtered list, and a drawer that
 * opens one row. Partners, withdrawals, loans, car loans, card applications, top-ups and overseas
 * orders are this one component with their own columns, actions and drawer.
 *
 * Until staff pick a tab, the list opens on the first tab that has rows of the search.
 */
export function ConsoleList<Row, State extends string>({
  name,
  testId,
  searchTestId = testId,
  tabs,
  all,
  defaultTab,
  fetch,
  columns,
  rowKey,
  actions,
  drawer,
  tabSize,
}: {
  /** The query key's head (pages invalidate it after a change) and the CSV's name. */
  name: string;
  testId: string;
  /** The search fields' test ids: `<searchTestId>-phone`, `-reference`, `-search`, `-csv`. */
  searchTestId?: string;
  tabs?: readonly { key: State; label: string }[];
  /** A first tab of every state. */
  all?: boolean;
  defaultTab?: State | typeof ALL;
  fetch: (query: ListQuery<State>) => Promise<ListPage<Row>>;
  columns: ListColumn<Row>[];
  rowKey: (row: Row) => string;
  actions?: (row: Row, open: () => void) => ReactNode;
  drawer?: {
    title: (row: Row) => ReactNode;
    body: (row: Row, close: () => void) => ReactNode;
    extra?: (row: Row) => ReactNode;
    width?: number;
  };
  tabSize?: 'small';
}) {
  const t = useT();
  const showError = useShowError();
  const first = defaultTab ?? (all ? ALL : tabs?.[0]?.key);
  const [tab, setTab] = useState<State | typeof ALL | undefined>(first);
  const [picked, setPicked] = useState(false);
  const [typed, setTyped] = useState({ phone: '', reference: '' });
  const [search, setSearch] = useState({ phone: '', reference: '' });
  const [page, setPage] = useState(1);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [opened, setOpened] = useState<Row | null>(null);
  const [exporting, setExporting] = useState(false);

  const query = (p: number, size: number): ListQuery<State> => ({
    state: tab === ALL ? undefined : (tab as State | undefined),
    phone: search.phone || undefined,
    reference: search.reference || undefined,
    page: p,
    size,
  });
  const list = useQuery({
    queryKey: [name, 'list', tab, search.phone, search.reference, page],
    queryFn: () => fetch(query(page, 20)),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error) showError(list.error);
  }, [list.error, showError]);

  const counts = list.data?.counts;
  const countOf = (key: string) => tabCount(counts, key);
  const tabKeys = [...(all ? [ALL] : []), ...(tabs ?? []).map((x) => x.key)];
  // Staff who have not picked a tab see the first one with rows of their search.
  useEffect(() => {
    if (picked || !counts || list.isPlaceholderData || tab === undefined) return;
    const show = tabToShow(tabKeys, counts, tab);
    if (show !== tab) {
      setTab(show as State | typeof ALL);
      setPage(1);
    }
  });

  const applySearch = () => {
    setSearch({ phone: typed.phone.trim(), reference: typed.reference.trim() });
    setPage(1);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await allPages((p, size) => fetch(query(p, size)));
      const csv = columnsToCsv(columns, rows);
      const stamp = new Date().toISOString().slice(0, 10);
      downloadText(`${name}-${tab ?? ALL}-${stamp}.csv`, csv);
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };
  const open = (row: Row) => {
    setOpened(row);
    setOpenKey(rowKey(row));
  };
  // The open row as the list now has it (after a decision), else as it was opened.
  const current = openKey === null ? null : (list.data?.list.find((r) => rowKey(r) === openKey) ?? opened);

  const label = (key: string, text: string) => {
    const n = countOf(key);
    return <span data-testid={`${testId}-tab-${key}`}>{n === undefined ? text : `${text} (${n})`}</span>;
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <span data-testid={`${searchTestId}-phone`}>
          <Input
            allowClear
            style={{ width: 200 }}
            placeholder={t('list.phone')}
            aria-label={t('list.phone')}
            value={typed.phone}
            onChange={(e) => setTyped({ ...typed, phone: e.target.value })}
            onPressEnter={applySearch}
          />
        </span>
        <span data-testid={`${searchTestId}-reference`}>
          <Input
            allowClear
            style={{ width: 220 }}
            placeholder={t('list.reference')}
            aria-label={t('list.reference')}
            value={typed.reference}
            onChange={(e) => setTyped({ ...typed, reference: e.target.value })}
            onPressEnter={applySearch}
          />
        </span>
        <Button type="primary" onClick={applySearch} data-testid={`${searchTestId}-search`}>
          {t('list.search')}
        </Button>
        <Button
          onClick={() => {
            setTyped({ phone: '', reference: '' });
            setSearch({ phone: '', reference: '' });
            setPage(1);
          }}
        >
          {t('list.reset')}
        </Button>
        <Button onClick={() => void exportCsv()} loading={exporting} data-testid={`${searchTestId}-csv`}>
          {t('list.csv')}
        </Button>
      </Space>
      {tabKeys.length > 0 && (
        <ManyTabs
          size={tabSize}
          activeKey={tab}
          onChange={(k) => {
            setTab(k as State | typeof ALL);
            setPicked(true);
            setPage(1);
          }}
          items={[
            ...(all ? [{ key: ALL, label: label(ALL, t('list.all')) }] : []),
            ...(tabs ?? []).map((x) => ({ key: x.key, label: label(x.key, x.label) })),
          ]}
        />
      )}
      <Table<Row>
        data-testid={testId}
        rowKey={rowKey}
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          ...columns.map((c) => ({
            key: c.key,
            title: c.title,
            width: c.width,
            render: (_: unknown, row: Row) => (c.render ? c.render(row, () => open(row)) : (c.text(row) ?? '—')),
          })),
          ...(actions
            ? [{ key: 'actions', title: '', render: (_: unknown, row: Row) => actions(row, () => open(row)) }]
            : []),
        ]}
      />
      {drawer && (
        <Drawer
          open={current !== null}
          width={drawer.width ?? 560}
          onClose={() => setOpenKey(null)}
          title={current ? drawer.title(current) : ''}
          extra={current && drawer.extra?.(current)}
        >
          {current && drawer.body(current, () => setOpenKey(null))}
        </Drawer>
      )}
    </>
  );
}

/** The shopper of a row as staff read them: name and phone (012 345 678). */
export function shopperText(shopper: ShopperContact | null | undefined): string {
  if (!shopper) return '';
  return [shopper.name, shopper.phoneText].filter(Boolean).join(' · ');
}

/** A shopper as the CSV holds them: the name, then the phone as dialled (csv.ts). */
export function shopperCsv(shopper: ShopperContact | null | undefined): string {
  if (!shopper) return '';
  return [shopper.name, csvPhone(shopper.phone)].filter(Boolean).join(' · ');
}

export function ShopperCell({ shopper }: { shopper: ShopperContact | null | undefined }) {
  if (!shopper) return <>—</>;
  return (
    <span style={{ whiteSpace: 'nowrap' }} data-testid="shopper">
      {shopper.name && <div>{shopper.name}</div>}
      <span>{shopper.phoneText || '—'}</span>
    </span>
  );
}
