/** Integer cents as the shop shows them: "$1,019.90" (USD), "-$3.00"; the screens and the server's first paint alike. */
export function formatCents(cents: number, currency = 'USD'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${currency === 'USD' ? '$' : ''}${whole}.${fraction}`;
}
