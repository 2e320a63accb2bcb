import { App, Table, type TableProps, Tabs, type TabsProps } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { ApiError } from './api.ts';
import { useT } from './i18n.tsx';

/** Shows a failed call's catalogue message (in the console's language), or the network text. */
export function useShowError() {
  const { message } = App.useApp();
  const t = useT();
  return useCallback(
    (error: unknown) => {
      const text = error instanceof ApiError && error.message ? error.message : t('common.networkError');
      message.error(text);
    },
    [message, t],
  );
}

export function PageTitle({ children, extra }: { children: React.ReactNode; extra?: React.ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
      <h2 style={{ margin: 0, fontSize: 20 }} data-testid="page-title">
        {children}
      </h2>
      <div>{extra}</div>
    </div>
  );
}

/**
 * A table wider than its place, scrolled sideways (`scroll.x`): its scroller is a named region in
 * the tab order, so a keyboard can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 * antd gives no prop for that element, so it is marked after each render.
 */
export function ScrollTable<Row extends object>({ label, ...props }: TableProps<Row> & { label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const scroller of box.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) {
      scroller.tabIndex = 0;
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', label);
    }
  });
  return (
    <div ref={box}>
      <Table<Row> {...props} />
    </div>
  );
}

/**
 * Tabs that may not all fit (a list's states, in Khmer, on a phone): antd then shows a "more"
 * button inside the element it marks as the tab list, which may hold tabs only (axe's
 * aria-required-children). The role moves to the row of tabs itself, which holds tabs only.
 */
export function ManyTabs(props: TabsProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const nav of box.current?.querySelectorAll<HTMLElement>('.ant-tabs-nav[role="tablist"]') ?? []) {
      const row = nav.querySelector<HTMLElement>('.ant-tabs-nav-list');
      if (!row) continue;
      row.setAttribute('role', 'tablist');
      row.setAttribute('aria-orientation', nav.getAttribute('aria-orientation') ?? 'horizontal');
      nav.removeAttribute('role');
      nav.removeAttribute('aria-orientation');
    }
  });
  return (
    <div ref={box}>
      <Tabs {...props} />
    </div>
  );
}
