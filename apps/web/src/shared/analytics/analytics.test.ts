import { describe, expect, it, vi } from 'vitest';
import { createCollector, createPlausibleAdapter, recordableRoute } from './analytics.ts';

describe('the shop’s collector', () => {
  it('sends views in batches of at most 50, on size or after the interval', async () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const collector = createCollector(async (events) => sent.push(events.length), 5_000);
    for (let i = 0; i < 120; i++) collector.pageView({ route: '/', at: new Date().toISOString() });
    expect(sent).toEqual([50, 50]);
    vi.advanceTimersByTime(5_000);
    expect(sent).toEqual([50, 50, 20]);
    collector.pageView({ route: '/cart', at: new Date().toISOString() });
    collector.flush();
    expect(sent).toEqual([50, 50, 20, 1]);
    vi.useRealTimers();
  });
  it('records paths of the shop only', () => {
    expect(recordableRoute('/giftCard/viewCard')).toBe('/giftCard/viewCard');
    expect(recordableRoute('/a b')).toBeNull();
    expect(recordableRoute('/x'.repeat(100))).toBeNull();
  });
  it('speaks Plausible’s events API', () => {
    const post = vi.fn();
    createPlausibleAdapter(
      { domain: 'shop.example', endpoint: 'https://plausible.io/' },
      post,
      'https://shop.example',
    ).pageView({
      route: '/christmas',
      at: '',
    });
    expect(post).toHaveBeenCalledWith(
      'https://plausible.io/api/event',
      JSON.stringify({ name: 'pageview', domain: 'shop.example', url: 'https://shop.example/h5/christmas' }),
    );
  });
});
