import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { columnsToCsv, csvPhone, giftCardsCsv } from './csv.ts';

/**
 * A console CSV as a spreadsheet reads it (issue 44, defect 6): LibreOffice Calc (Debian's
 * libreoffice-calc-nogui, which .ci/run installs) opens the file headless and writes it back as a
 * flat OpenDocument sheet, whose cells say their type. Skipped, saying why, where soffice is absent.
 */
const soffice = spawnSync('soffice', ['--version'], { encoding: 'utf8' }).status === 0;
const why = soffice ? '' : ' (skipped: soffice is not installed; apt-get install libreoffice-calc-nogui)';

type Row = { shopper: { name: string; phone: string }; amountCents: number; note: string };
const rows: Row[] = [
  { shopper: { name: 'Sok Dara', phone: '+85512345678' }, amountCents: 500, note: '=HYPERLINK("http://x","y")' },
  { shopper: { name: '', phone: '+85596123456' }, amountCents: -125, note: '+1' },
  { shopper: { name: 'ខ្មែរ', phone: '+8613812345678' }, amountCents: 123456, note: 'plain, "quoted"' },
];
const columns = [
  { title: 'Shopper', text: (r: Row) => r.shopper.name, csv: (r: Row) => r.shopper.name || csvPhone(r.shopper.phone) },
  { title: 'Phone', text: (r: Row) => r.shopper.phone, csv: (r: Row) => csvPhone(r.shopper.phone) },
  { title: 'Amount', text: (r: Row) => String(r.amountCents), cents: (r: Row) => r.amountCents },
  { title: 'Note', text: (r: Row) => r.note },
];

type Cell = { type: string; value: string | null; text: string; formula: boolean };
const fromXml = (s: string) =>
  s
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The sheet's rows as Calc typed them, from its flat OpenDocument file. */
function cellsOf(fods: string): Cell[][] {
  return [...fods.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)].map((row) =>
    [...row[1].matchAll(/<table:table-cell([^>]*)>([\s\S]*?)<\/table:table-cell>/g)].flatMap(([, attributes, body]) => {
      const cell = {
        type: /office:value-type="(\w+)"/.exec(attributes)?.[1] ?? '',
        value: /office:value="([^"]*)"/.exec(attributes)?.[1] ?? null,
        text: fromXml([...body.matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)].map((p) => p[1]).join('\n')),
        formula: /table:formula=/.test(attributes),
      };
      // Equal neighbours are written once, with how many they are.
      return Array(Number(/table:number-columns-repeated="(\d+)"/.exec(attributes)?.[1] ?? 1)).fill(cell);
    }),
  );
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'console-csv-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Opens the CSV (UTF-8 with its byte-order mark, as the console downloads it) in Calc with `filter`. */
function openInCalc(name: string, csv: string, filter: string): Cell[][] {
  const file = path.join(folder, `${name}.csv`);
  writeFileSync(file, `\uFEFF${csv}`);
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${path.join(folder, 'profile')}`,
      '--headless',
      `--infilter=${filter}`,
      '--convert-to',
      'fods',
      '--outdir',
      folder,
      file,
    ],
    { timeout: 120_000, stdio: 'pipe' },
  );
  return cellsOf(readFileSync(path.join(folder, `${name}.fods`), 'utf8'));
}

describe('a console CSV in LibreOffice Calc', () => {
  it.skipIf(!soffice)(
    `amounts are numbers under a header naming the currency; phones text with nothing in front; formulas stay text${why}`,
    { timeout: 240_000 },
    () => {
      const csv = columnsToCsv(columns, rows);
      // Comma, double quote, UTF-8, from line 1; and again with "Evaluate formulas" on (token 13).
      for (const [name, filter] of [
        ['plain', 'CSV:44,34,76,1'],
        ['formulas', 'CSV:44,34,76,1,,1033,false,false,false,false,false,-1,true'],
      ]) {
        const [header, ...body] = openInCalc(name, csv, filter);
        expect(header.map((c) => c.text)).toEqual(['Shopper', 'Phone', 'Amount (USD)', 'Note']);
        expect(body.map((r) => [r[2].type, Number(r[2].value)])).toEqual([
          ['float', 5],
          ['float', -1.25],
          ['float', 1234.56],
        ]);
        expect(body.map((r) => [r[1].type, r[1].text])).toEqual([
          ['string', '012 345 678'],
          ['string', '096 123 456'],
          ['string', '0086 138 1234 5678'],
        ]);
        // A shopper without a name is their phone: text, no apostrophe.
        expect(body[1][0]).toMatchObject({ type: 'string', text: '096 123 456' });
        expect(body[2][0].text).toBe('ខ្មែរ');
        // What a spreadsheet would run keeps its guard and stays text, even with formulas evaluated.
        expect(body.map((r) => [r[3].type, r[3].formula, r[3].text])).toEqual([
          ['string', false, `'=HYPERLINK("http://x","y")`],
          ['string', false, "'+1"],
          ['string', false, 'plain, "quoted"'],
        ]);
      }
    },
  );

  it.skipIf(!soffice)(
    `a gift card batch: numbers and codes text as printed (all 16 digits, a leading zero), the value a number, the name not run${why}`,
    { timeout: 240_000 },
    () => {
      const csv = giftCardsCsv({ name: '=1+1', faceValueCents: 1_500, expiresAt: '2027-01-31T16:59:59.000Z' }, [
        { number: '8855202600000004', code: '01234567' },
        { number: '8855202699999999', code: '99999999' },
      ]);
      for (const [name, filter] of [
        ['cards-plain', 'CSV:44,34,76,1'],
        ['cards-formulas', 'CSV:44,34,76,1,,1033,false,false,false,false,false,-1,true'],
      ]) {
        const [header, ...body] = openInCalc(name, csv, filter);
        expect(header.map((c) => c.text).slice(0, 5)).toEqual(['batch', 'number', 'code', 'value_usd', 'expires_at']);
        expect(body.map((r) => [r[1].type, r[1].text, r[2].type, r[2].text])).toEqual([
          ['string', '8855 2026 0000 0004', 'string', '0123 4567'],
          ['string', '8855 2026 9999 9999', 'string', '9999 9999'],
        ]);
        expect(body.map((r) => [r[3].type, Number(r[3].value)])).toEqual([
          ['float', 15],
          ['float', 15],
        ]);
        expect(body[0][0]).toMatchObject({ type: 'string', formula: false, text: "'=1+1" });
      }
    },
  );
});
