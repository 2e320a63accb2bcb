import { PAY_CHANNELS, REFUND_DESTINATIONS } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { payMethodName, refundGoesTo } from './format.ts';
import chs from './locales/chs.json';
import en from './locales/en-US.json';
import kh from './locales/kh.json';

/**
 * Issue 44, defect 2: a payment's channel is a code for the server; the console names the method
 * wherever it shows one. Finance › Refunds' "To" column showed the refund's channel code
 * (`sandbox`, `payway`) for a refund going back to the card or account that paid.
 */
const LANGUAGES = { 'en-US': en, chs, kh } as Record<string, Record<string, string>>;

describe('pay methods named in the console', () => {
  for (const [language, texts] of Object.entries(LANGUAGES)) {
    const t = (key: string) => texts[key] ?? key;

    it(`names every pay channel in ${language}, never by its code`, () => {
      for (const channel of PAY_CHANNELS) {
        const name = payMethodName(t, channel);
        expect(name, channel).toBe(texts[`payment.channel.${channel}`]);
        expect(name, channel).not.toBe(channel);
      }
      expect(payMethodName(t, 'mystery')).toBe(texts['payment.channel.other']);
    });

    it(`says where a refund goes in ${language}: the account, the wallet, or the method that paid`, () => {
      expect(REFUND_DESTINATIONS).toEqual(['gateway', 'wallet', 'bank']);
      expect(refundGoesTo(t, { destination: 'bank', channel: 'khqr', bankAccount: 'aba@ppcb 000 111 222' })).toBe(
        'aba@ppcb 000 111 222',
      );
      expect(refundGoesTo(t, { destination: 'wallet', channel: 'khqr', bankAccount: null })).toBe(
        texts['payment.channel.wallet'],
      );
      for (const channel of ['sandbox', 'payway', 'mpgs'])
        expect(refundGoesTo(t, { destination: 'gateway', channel, bankAccount: null })).toBe(
          texts[`payment.channel.${channel}`],
        );
      expect(refundGoesTo(t, { destination: 'gateway', channel: 'sandbox', bankAccount: null })).not.toContain(
        'sandbox',
      );
    });
  }
});
