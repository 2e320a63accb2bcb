import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

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
