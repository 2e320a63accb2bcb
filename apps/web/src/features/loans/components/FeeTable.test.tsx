import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import common from '../../../shared/locales/en-US.json';
import loans from '../locales/en-US.json';
import { FeeTable } from './FeeTable.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { 'en-US': { common, loans } },
    lng: 'en-US',
    defaultNS: 'common',
  });
});
afterEach(() => vi.useRealTimers());

// Written like every date of the page (issue 44): "Due Apr 10, 2026", not "Due 2026-04-10".
const dueDates = (html: string) => [...html.matchAll(/Due ([A-Z][a-z]{2} \d{1,2}, \d{4})/g)].map((m) => m[1]);

describe('FeeTable: the due dates of the offer before signing', () => {
  it('counts from the Phnom Penh day between 00:00 and 07:00 there (still the day before in UTC)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 2026-03-10 18:30 UTC is 01:30 on 11 March in Phnom Penh: collected now, the first period ends 30 days after the 11th.
    vi.setSystemTime(new Date('2026-03-10T18:30:00Z'));
    const html = renderToStaticMarkup(createElement(FeeTable, { amountCents: 300_00, installments: 3 }));
    expect(dueDates(html)).toEqual(['Apr 10, 2026', 'May 10, 2026', 'Jun 9, 2026']);
  });

  it('gives the same dates later the same Phnom Penh day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-11T09:00:00Z'));
    const html = renderToStaticMarkup(createElement(FeeTable, { amountCents: 300_00, installments: 3 }));
    expect(dueDates(html)).toEqual(['Apr 10, 2026', 'May 10, 2026', 'Jun 9, 2026']);
  });
});
