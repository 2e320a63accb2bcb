import { describe, expect, it } from 'vitest';
import { allPages, columnsToCsv, csvCell, csvPhone, giftCardsCsv, toCsv } from './csv.ts';
import { ALL, tabCount, tabToShow } from './lists.ts';

describe('a console list as CSV', () => {
  it('quotes a cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+855 12 345 678')).toBe("'+855 12 345 678");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('012 345 678')).toBe('012 345 678');
    expect(csvCell('Sok · 012 345 678')).toBe('Sok · 012 345 678');
  });

  it('writes amounts as numbers (dollars, two decimals) and phones as dialled, with nothing to guard', () => {
    expect(csvCell({ cents: 500 })).toBe('5.00');
    expect(csvCell({ cents: -125 })).toBe('-1.25');
    expect(csvCell({ cents: 123456 })).toBe('1234.56');
    expect(csvPhone('+85512345678')).toBe('012 345 678');
    expect(csvPhone('+855961234567')).toBe('096 123 4567');
    expect(csvPhone('+8613812345678')).toBe('0086 138 1234 5678');
    expect(csvPhone(null)).toBe('');
    type R = { amountCents: number; phone: string };
    const csv = columnsToCsv<R>(
      [
        { title: 'Amount', text: (r) => `$${r.amountCents / 100}`, cents: (r) => r.amountCents },
        { title: 'Phone', text: (r) => r.phone, csv: (r) => csvPhone(r.phone) },
      ],
      [{ amountCents: 500, phone: '+85512345678' }],
    );
    expect(csv).toBe('Amount (USD),Phone\r\n5.00,012 345 678\r\n');
  });

  it('writes a gift card batch as printed: numbers and codes in fours, the value a number, the name guarded', () => {
    const batch = { name: '=HYPERLINK("http://x","y")', faceValueCents: 1_500, expiresAt: '2027-01-31T16:59:59.000Z' };
    const cards = [
      { number: '8855202600000004', code: '01234567' },
      { number: '8855202600000012', code: '20260012' },
    ];
    expect(giftCardsCsv(batch, cards)).toBe(
      'batch,number,code,value_usd,expires_at\r\n' +
        `"'=HYPERLINK(""http://x"",""y"")",8855 2026 0000 0004,0123 4567,15.00,2027-01-31T16:59:59.000Z\r\n` +
        `"'=HYPERLINK(""http://x"",""y"")",8855 2026 0000 0012,2026 0012,15.00,2027-01-31T16:59:59.000Z\r\n`,
    );
  });

  it('writes the header row, escapes commas, quotes and new lines, and leaves empty cells empty', () => {
    expect(
      toCsv(
        ['Name', 'Amount', 'Note'],
        [
          ['Sok, Dara', '$1,234.00', 'says "hi"\nthen'],
          ['ខ្មែរ', 0, null],
        ],
      ),
    ).toBe('Name,Amount,Note\r\n"Sok, Dara","$1,234.00","says ""hi""\nthen"\r\nខ្មែរ,0,\r\n');
  });

  it('fetches every page of the filtered list, not only the one on screen', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => i);
    const asked: number[] = [];
    const all = await allPages(async (page, size) => {
      asked.push(page);
      return { list: rows.slice((page - 1) * size, page * size), total: rows.length };
    });
    expect(all).toEqual(rows);
    expect(asked).toEqual([1, 2, 3]);
    expect(await allPages(async () => ({ list: [], total: 0 }))).toEqual([]);
  });
});

describe('a console list’s tabs', () => {
  const tabs = [ALL, 'WP', 'PAID', 'SENT', 'SUCCESS'];
  it('counts the tab of every state as the sum of the search’s counts', () => {
    expect(tabCount({ SUCCESS: 1, FAILED: 2 }, ALL)).toBe(3);
    expect(tabCount({ SUCCESS: 1 }, 'SENT')).toBe(0);
    expect(tabCount(undefined, 'SENT')).toBeUndefined();
  });

  it('never opens on an empty tab while another has rows', () => {
    expect(tabToShow(['WP', 'PAID', 'SENT', 'SUCCESS'], { SUCCESS: 1 }, 'SENT')).toBe('SUCCESS');
    expect(tabToShow(tabs, { SUCCESS: 1 }, 'SENT')).toBe(ALL);
    expect(tabToShow(tabs, { SENT: 2, SUCCESS: 1 }, 'SENT')).toBe('SENT');
    expect(tabToShow(tabs, {}, 'SENT')).toBe('SENT');
  });
});
