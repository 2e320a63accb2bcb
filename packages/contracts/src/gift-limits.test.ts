import { describe, expect, it } from 'vitest';
import { GIFT_SEND_LIMITS, giftLimitRefusal } from './calls/gift-sending.ts';
import { errorMessage } from './index.ts';

const none = { buyerCount: 0, buyerCents: 0, recipientCount: 0 };

describe('the gift card abuse limits (per Phnom Penh day)', () => {
  it('lets a first card through', () => {
    expect(giftLimitRefusal(none, 20_000)).toBeNull();
  });
  it('refuses the buyer’s sixth card', () => {
    expect(giftLimitRefusal({ ...none, buyerCount: 4 }, 500)).toBeNull();
    expect(giftLimitRefusal({ ...none, buyerCount: 5 }, 500)).toEqual({ code: 'GFT00104', values: { count: 5 } });
  });
  it('refuses a card that takes the buyer past $500, saying what is left', () => {
    expect(giftLimitRefusal({ ...none, buyerCount: 2, buyerCents: 30_000 }, 20_000)).toBeNull();
    expect(giftLimitRefusal({ ...none, buyerCount: 2, buyerCents: 40_000 }, 20_000)).toEqual({
      code: 'GFT00105',
      values: { amount: '$500.00', left: '$100.00' },
    });
  });
  it('refuses a fourth card to one phone in a day, whoever sends it', () => {
    expect(giftLimitRefusal({ ...none, recipientCount: 2 }, 500)).toBeNull();
    expect(giftLimitRefusal({ ...none, recipientCount: 3 }, 500)?.code).toBe('GFT00106');
  });
  it('checks the buyer’s count before the amount, and both before the phone', () => {
    const all = { buyerCount: 9, buyerCents: 99_999, recipientCount: 9 };
    expect(giftLimitRefusal(all, 500)?.code).toBe('GFT00104');
    expect(giftLimitRefusal({ ...all, buyerCount: 0 }, 500)?.code).toBe('GFT00105');
  });
  it('takes other limits (the console could set them)', () => {
    expect(giftLimitRefusal(none, 500, { ...GIFT_SEND_LIMITS, recipientCount: 0 })?.code).toBe('GFT00106');
  });
  it('has each refusal in three languages with its values filled', () => {
    for (const language of ['en-US', 'chs', 'kh'] as const) {
      const r = giftLimitRefusal({ ...none, buyerCents: 49_000 }, 5000);
      const text = errorMessage(r?.code as 'GFT00105', language, r?.values);
      expect(text).toContain('$500.00');
      expect(text).toContain('$10.00');
      expect(text).not.toContain('{');
    }
  });
});
