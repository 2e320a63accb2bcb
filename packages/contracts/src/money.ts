/**
 * A whole number with thousands separators ("12,345"), as en-US writes it. By hand: toLocaleString
 * builds a number format on each call, and the first one loads the locale's data, about 10 ms on a
 * slow phone's first screen (issue 24).
 */
export function formatWhole(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Integer cents as the shop shows them: "$1,019.90" (USD), "-$3.00"; the screens and the server's first paint alike. */
export function formatCents(cents: number, currency = 'USD'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = formatWhole(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${currency === 'USD' ? '$' : ''}${whole}.${fraction}`;
}
