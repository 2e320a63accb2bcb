/**
 * WCAG contrast, shared by the shop and the console (issue 36): colours chosen by operators (a tag's
 * colour) drawn as text are darkened, if need be, until they meet WCAG AA's 4.5:1, so what an
 * operator picks never makes a label unreadable; the console's theme is checked with the same ratio.
 */
export const AA_TEXT = 4.5;

type Rgb = [number, number, number];

function parseHex(color: string): Rgb | null {
  const hex = color.trim().replace(/^#/, '');
  const full = /^[0-9a-f]{3}$/i.test(hex)
    ? [...hex].map((c) => c + c).join('')
    : /^[0-9a-f]{6}$/i.test(hex)
      ? hex
      : null;
  if (!full) return null;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [parseHex(a), parseHex(b)].map((c) => (c ? luminance(c) : 0));
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const hexOf = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * `color`, or the same hue darkened just enough to be read as text on `background` (white);
 * `fallback` for a colour that is not #rgb or #rrggbb.
 */
export function readableOn(color: string, background = '#ffffff', fallback = 'var(--ink)'): string {
  const rgb = parseHex(color);
  if (!rgb) return fallback;
  let current = rgb;
  for (let step = 0; step < 40 && contrastRatio(hexOf(current), background) < AA_TEXT; step++) {
    current = current.map((c) => c * 0.93) as Rgb;
  }
  return hexOf(current);
}
