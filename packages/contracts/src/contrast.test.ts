import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from './contrast.ts';

describe('an operator colour as text', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#e4393c', '#ffffff')).toBeCloseTo(4.24, 2);
  });

  it('keeps a colour that is readable already', () => {
    expect(readableOn('#1a7f37')).toBe('#1a7f37');
  });

  it('darkens a light colour until it reads at 4.5:1, keeping its hue', () => {
    for (const colour of ['#00b578', '#1677ff', '#e4393c', '#ffeb3b', '#fff']) {
      const text = readableOn(colour);
      expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
    const green = readableOn('#00b578');
    expect(Number.parseInt(green.slice(3, 5), 16)).toBeGreaterThan(Number.parseInt(green.slice(1, 3), 16));
  });

  it('falls back to the ink colour for what is not a hex colour', () => {
    expect(readableOn('red; background: url(x)')).toBe('var(--ink)');
  });
});

describe('a colour on a background of its own', () => {
  it('darkens against the background given, and gives the fallback chosen', () => {
    const text = readableOn('#e4393c', '#fdeded');
    expect(contrastRatio(text, '#fdeded')).toBeGreaterThanOrEqual(4.5);
    expect(readableOn('red', '#ffffff', 'red')).toBe('red');
  });
});
