import { inFours } from './format.ts';

/**
 * A console list as a CSV file (RFC 4180) a spreadsheet can use: a header row in the console's
 * language, then one row a line. Money is a number column (dollars, two decimals) whose header names
 * the currency, "Amount (USD)", not the text "$5.00". A phone is written as it is dialled from
 * Cambodia ("012 345 678", "0086 138 1234 5678"): text (its spaces and leading zero keep it so) with
 * nothing to guard. A text cell a spreadsheet would read as a formula (starting with = + - @, or a
 * tab or carriage return) gets a leading quote, so an order note like "=HYPERLINK(…)" stays text;
 * no other cell does (decision 0053).
 */
export type CsvMoney = { readonly cents: number };
/** What a column shows as text (and writes to the CSV unless it says otherwise). */
export type CsvText = string | number | null | undefined;
export type CsvValue = CsvText | CsvMoney;

/** The currency every amount of the shop is in (DESIGN §4: integer cents of USD). */
export const CSV_CURRENCY = 'USD';

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return (value.cents / 100).toFixed(2);
  if (typeof value === 'number') return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A gift card batch's numbers and codes, the file finance downloads once (docs/giftcards.md): the
 * card printer's headers, the number and code as printed (groups of four, text in a spreadsheet),
 * the value a number, the batch's name guarded like any text.
 */
export function giftCardsCsv(
  batch: { name: string; faceValueCents: number; expiresAt: string },
  cards: readonly { number: string; code: string }[],
): string {
  return toCsv(
    ['batch', 'number', 'code', 'value_usd', 'expires_at'],
    cards.map((c) => [
      batch.name,
      inFours(c.number),
      inFours(c.code),
      { cents: batch.faceValueCents },
      batch.expiresAt,
    ]),
  );
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `${[header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/**
 * A column of a list as the CSV holds it: its text, or `cents` for an amount (a number column,
 * its header "<title> (USD)"), or `csv` for a cell written otherwise than shown (a phone).
 */
export type CsvColumn<Row> = {
  title: string;
  text: (row: Row) => CsvText;
  cents?: (row: Row) => number | null | undefined;
  csv?: (row: Row) => CsvValue;
};

export function columnsToCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return toCsv(
    columns.map((c) => (c.cents ? `${c.title} (${CSV_CURRENCY})` : c.title)),
    rows.map((row) =>
      columns.map((c) => {
        if (c.cents) {
          const cents = c.cents(row);
          return cents === null || cents === undefined ? null : { cents };
        }
        return c.csv ? c.csv(row) : c.text(row);
      }),
    ),
  );
}

/**
 * A phone as dialled from Cambodia: a Cambodian number with its trunk 0 ("012 345 678"), another
 * country's with the international prefix 00 ("0086 138 1234 5678"), grouped as the shop shows it.
 * Never starts with "+", so a spreadsheet keeps it as text with nothing in front.
 */
export function csvPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  const khmer = /^\+855(\d{2})(\d{3})(\d{3,4})$/.exec(e164);
  if (khmer) return `0${khmer[1]} ${khmer[2]} ${khmer[3]}`;
  const china = /^\+86(\d{3})(\d{4})(\d{4})$/.exec(e164);
  if (china) return `0086 ${china[1]} ${china[2]} ${china[3]}`;
  const other = /^\+(\d+)$/.exec(e164);
  return other ? `00 ${other[1]}` : e164;
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
