import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { formatCents } from '../../../shared/format.ts';

export const money = formatCents;
export const useParam = (name: string) => useSearchParams()[0].get(name) ?? '';

/** One label–amount row of a price breakdown. */
export function Row({
  label,
  value,
  strong,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={`buy-row${strong ? ' buy-row--strong' : ''}`} data-testid={testId}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}

/** Phnom Penh local time, the way the shop shows times (DESIGN §4). */
export function localTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const locale = language === 'kh' ? 'km-KH' : language === 'chs' ? 'zh-CN' : 'en-GB';
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Phnom_Penh',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
