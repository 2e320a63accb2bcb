import List, { type ListItemProps } from 'antd-mobile/es/components/list';
import type { KeyboardEvent } from 'react';

/**
 * What makes a drawn row or card a button for everyone (issue 36, WCAG 2.1.1, 4.1.2): the
 * keyboard reaches it (Tab) and works it (Enter, Space), a screen reader reads it as a button
 * named by its text. For a row that holds no control of its own; a card with buttons inside
 * keeps a real button or link for its main action instead.
 */
export function pressable(action: (() => void) | undefined) {
  if (!action) return {};
  return {
    role: 'button',
    tabIndex: 0,
    onClick: action,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      action();
    },
  } as const;
}

/**
 * An antd-mobile List.Item that does something when pressed. List.Item draws a clickable row as
 * an `<a>` without href: the keyboard never reaches it and a screen reader does not call it a
 * control. Here the row is wrapped in a button (`pressable`), drawn as the clickable row it was.
 * Its `data-*` and `aria-*` attributes go to the button. Without `onClick`, a plain row.
 */
export function ActionItem({
  onClick,
  disabled,
  ...props
}: Omit<ListItemProps, 'onClick' | 'clickable'> & {
  onClick: (() => void) | undefined;
  'aria-pressed'?: boolean;
  [data: `data-${string}`]: string | undefined;
}) {
  const item: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props))
    (key.startsWith('data-') || key.startsWith('aria-') ? own : item)[key] = value;
  if (!onClick) return <List.Item {...(item as ListItemProps)} {...own} disabled={disabled} />;
  return (
    <div
      className="action-item"
      aria-disabled={disabled || undefined}
      {...own}
      {...pressable(disabled ? undefined : onClick)}
    >
      <List.Item {...(item as ListItemProps)} disabled={disabled} clickable={!disabled} />
    </div>
  );
}
