// Money as the shop shows it (US dollars from cents), for wallet errors and notices and for the
// modules that import formatUsd from wallet/service.ts.
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}
