import { formatPrice, priceDisplayShowsRiel, rielFromCents } from '@shop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paintWith } from '../api/firstAnswers.ts';
import chs from '../locales/chs.json';
import en from '../locales/en-US.json';
import kh from '../locales/kh.json';
import { paintWithCookies } from '../navigation/cookies.ts';
import {
  DEFAULT_PRICE_DISPLAY,
  decodePriceDisplay,
  encodePriceDisplay,
  PRICE_DISPLAY_COOKIE,
  readPriceDisplay,
} from './display.ts';
import { type PriceFormat, RielRoundingRule, usePriceFormat } from './Price.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { 'en-US': { common: en }, chs: { common: chs }, kh: { common: kh } },
    lng: 'en-US',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  paintWithCookies(undefined);
  paintWith({});
  await i18next.changeLanguage('en-US');
});

const rateAnswer = (khrPerUsd: number) => ({
  code: '0',
  message: 'ok',
  data: { khrPerUsd, asOf: '2026-11-28T01:00:00.000Z', source: 'staff' },
});

function Prices({ cents }: { cents: number[] }) {
  const price = usePriceFormat();
  return createElement(
    'ul',
    null,
    cents.map((c) => createElement('li', { key: c }, price(c))),
    createElement('li', { key: 'dollars' }, price.dollars(390)),
    createElement('li', { key: 'riel' }, price.riel(16_000)),
    createElement(RielRoundingRule),
  );
}

/** What the hook gives for `cents`, drawn as the server's paint draws it (the page's cookie and answers). */
function shown(cents: number[], cookie?: string, answers: Record<string, unknown> = {}) {
  paintWithCookies(cookie === undefined ? undefined : `${PRICE_DISPLAY_COOKIE}=${encodeURIComponent(cookie)}`);
  paintWith(answers as never);
  const client = new QueryClient();
  const html = renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(Prices, { cents })));
  return {
    prices: [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]).slice(0, -2),
    asMade: [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]).slice(-2),
    rule: /data-testid="riel-rule">([^<]*)</.exec(html)?.[1] ?? null,
  };
}

const page = (khrPerUsd: number) => ({ '/v1/currency/rate': rateAnswer(khrPerUsd) });

describe('the price display setting (decision 0080)', () => {
  it('reads back what it wrote, and the default for anything else', () => {
    for (const mode of ['usd', 'usd-riel', 'riel-first'] as const) {
      for (const khmerDigits of [false, true]) {
        expect(decodePriceDisplay(encodePriceDisplay({ mode, khmerDigits }))).toEqual({ mode, khmerDigits });
      }
    }
    for (const value of [undefined, '', 'riel', 'usd.khmer', 'RIEL-FIRST', '.khmr']) {
      const decoded = decodePriceDisplay(value);
      expect(decoded.mode === 'usd' || value === 'usd.khmer').toBe(true);
    }
    expect(decodePriceDisplay('nonsense.khmr')).toBe(DEFAULT_PRICE_DISPLAY);
  });

  it('shows riel exactly when the server puts the rate in the page (page-shell.ts reads the same cookie)', () => {
    for (const value of [
      undefined,
      '',
      'usd',
      'usd.khmr',
      'usd-riel',
      'usd-riel.khmr',
      'riel-first',
      'riel-first.khmr',
      'riel-first.x',
      'riel-first.khmr.khmr',
      'riel',
      'RIEL-FIRST',
    ]) {
      expect(decodePriceDisplay(value).mode !== 'usd', String(value)).toBe(priceDisplayShowsRiel(value));
    }
  });

  it('is read from the page request’s cookie on the server, per page', () => {
    paintWithCookies(`a=1; ${PRICE_DISPLAY_COOKIE}=riel-first.khmr`);
    expect(readPriceDisplay()).toEqual({ mode: 'riel-first', khmerDigits: true });
    paintWithCookies('a=1');
    expect(readPriceDisplay()).toEqual(DEFAULT_PRICE_DISPLAY);
  });
});

describe('usePriceFormat: every price a shopper sees', () => {
  const cents = [390, 1, 4_999_99, 0, -250];

  it('is today’s dollars without a choice, whatever the rate', () => {
    expect(shown(cents, undefined, page(4100))).toMatchObject({
      prices: ['$3.90', '$0.01', '$4,999.99', '$0.00', '-$2.50'],
      rule: null,
    });
  });

  it('shows riel at the rate the page came with, rounded to the 100-riel note, and says so', () => {
    const withRiel = shown(cents, 'usd-riel', page(4100));
    expect(withRiel.prices[0]).toBe('$3.90 · ៛16,000');
    expect(withRiel.prices).toEqual(cents.map((c) => formatPrice(c, { mode: 'usd-riel', khrPerUsd: 4100 })));
    expect(withRiel.rule).toBe('Riel rounded to the nearest ៛100');

    const rielFirst = shown(cents, 'riel-first', page(4013));
    for (const [i, c] of cents.entries()) {
      const riel = Number(rielFirst.prices[i].split(' · ')[0].replace(/[៛,]/g, ''));
      expect(riel).toBe(rielFromCents(c, 4013));
      expect(Math.abs(riel) % 100).toBe(0);
    }
    expect(rielFirst.prices[2]).toBe('៛20,065,000 · $4,999.99');
  });

  it('falls back to dollars with no rate (none set yet, or not a rate), and says nothing of rounding', () => {
    expect(shown([390], 'riel-first')).toMatchObject({ prices: ['$3.90'], rule: null });
    expect(shown([390], 'riel-first', { '/v1/currency/rate': { code: '0', message: 'ok', data: null } })).toMatchObject(
      {
        prices: ['$3.90'],
        rule: null,
      },
    );
    expect(shown([390], 'usd-riel', page(12))).toMatchObject({ prices: ['$3.90'], rule: null });
  });

  it('writes Khmer digits in kh only, when chosen', async () => {
    expect(shown([390], 'riel-first.khmr', page(4100)).prices).toEqual(['៛16,000 · $3.90']);
    await i18next.changeLanguage('kh');
    const khmer = shown([390], 'riel-first.khmr', page(4100));
    expect(khmer.prices).toEqual(['៛១៦,០០០ · $៣.៩០']);
    // Dollars named as such and a riel amount already made (a locked KHQR code) in the same digits.
    expect(khmer.asMade).toEqual(['$៣.៩០', '៛១៦,០០០']);
    expect(khmer.rule).toContain('៛១០០');
    expect(shown([390], 'riel-first', page(4100)).prices).toEqual(['៛16,000 · $3.90']);
  });

  it('says the rule in each language', async () => {
    const rules = new Set<string | null>();
    for (const language of ['en-US', 'chs', 'kh']) {
      await i18next.changeLanguage(language);
      const { rule } = shown([390], 'usd-riel', page(4100));
      expect(rule).toContain('៛100');
      rules.add(rule);
    }
    expect(rules.size).toBe(3);
  });
});

function Paid({ locked }: { locked: { amountRiel: number } | null }) {
  const price: PriceFormat = usePriceFormat();
  return createElement('b', null, price.paid(390, locked));
}

describe('usePriceFormat().paid: an amount already paid (issue 47, the lock)', () => {
  /** What `paid` writes for $3.90 paid with `locked` (or in USD), under a display and the rate the page came with. */
  function paidShown(cookie: string | undefined, khrPerUsd: number, locked: { amountRiel: number } | null) {
    paintWithCookies(cookie === undefined ? undefined : `${PRICE_DISPLAY_COOKIE}=${encodeURIComponent(cookie)}`);
    paintWith(page(khrPerUsd) as never);
    const html = renderToStaticMarkup(
      createElement(QueryClientProvider, { client: new QueryClient() }, createElement(Paid, { locked })),
    );
    return /<b>([^<]*)<\/b>/.exec(html)?.[1];
  }

  it('shows the riel the payment locked, never today’s, in every display; a payment in USD as a price', async () => {
    // Locked at 4,100 (៛16,000); today's rate is 4,200 (it would be ៛16,400).
    const locked = { amountRiel: 16_000 };
    expect(rielFromCents(390, 4200)).toBe(16_400);
    expect(paidShown('riel-first', 4200, locked)).toBe('៛16,000 · $3.90');
    expect(paidShown('usd-riel', 4200, locked)).toBe('$3.90 · ៛16,000');
    expect(paidShown(undefined, 4200, locked)).toBe('$3.90 · ៛16,000');
    expect(paidShown('riel-first', 4200, null)).toBe('៛16,400 · $3.90');
    expect(paidShown(undefined, 4200, null)).toBe('$3.90');
    await i18next.changeLanguage('kh');
    expect(paidShown('riel-first.khmr', 4200, locked)).toBe('៛១៦,០០០ · $៣.៩០');
  });
});
