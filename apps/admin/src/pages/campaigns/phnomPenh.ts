/** Campaign dates are typed and shown in Phnom Penh time (UTC+7, no daylight saving). */
const OFFSET_MS = 7 * 3_600_000;

/** ISO instant → "YYYY-MM-DDTHH:mm" in Phnom Penh (a datetime-local input's value). */
export function toPhnomPenhInput(iso: string): string {
  return new Date(new Date(iso).getTime() + OFFSET_MS).toISOString().slice(0, 16);
}

/** "YYYY-MM-DDTHH:mm" typed as Phnom Penh time → ISO with its offset. */
export function fromPhnomPenhInput(value: string): string {
  return `${value}:00+07:00`;
}
