/**
 * A console list as a CSV file (RFC 4180): a header row in the console's language, then one row a
 * line. A cell a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage
 * return) gets a leading quote, so an order note like "=HYPERLINK(…)" stays text.
 */
export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `${[header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/**
 * Every row of a paged list, page by page (the server's largest page), until its total: the CSV
 * of a filtered list holds all of it, not only the page on screen.
 */
export async function allPages<Row>(
  fetchPage: (page: number, size: number) => Promise<{ list: Row[]; total: number }>,
  size = 100,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchPage(page, size);
    rows.push(...answer.list);
    if (answer.list.length < size || rows.length >= answer.total) return rows;
  }
}

/** Saves text as a file the browser downloads (with a byte-order mark: spreadsheets then read Khmer and Chinese). */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
