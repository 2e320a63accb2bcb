import { readableOn } from '@shop/contracts';

/** antd's own list, with the bundled Khmer face before the generic one (it covers Khmer letters only). */
const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Khmer', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";

/**
 * The text of a Tag of each of antd's preset colours (`<Tag color="green">`): antd draws it in the
 * colour's 7th shade on its 1st, and seven of the thirteen fall short of 4.5:1 (green 3.4, cyan 3.4,
 * orange 3.3, gold 2.8, lime 2.5, yellow 2.1, volcano 4.4). Those take the first darker shade of
 * antd's own palette that meets it; the ratio on the tag's background is beside each.
 */
const TAG_TEXT_SHADES = {
  green: '#237804', // 5.4 on #f6ffed
  cyan: '#006d75', // 5.8 on #e6fffb
  orange: '#ad4e00', // 5.1 on #fff7e6
  gold: '#874d00', // 6.5 on #fffbe6
  lime: '#3f6600', // 6.6 on #fcffe6
  yellow: '#876800', // 5.2 on #feffe6
  volcano: '#ad2102', // 6.4 on #fff2e8
};
/** Each as antd names it twice (`green7`, and `green-7`, which its CSS variable `--ant-green-7` is made from). */
const TAG_TEXT = Object.fromEntries(
  Object.entries(TAG_TEXT_SHADES).flatMap(([colour, shade]) => [
    [`${colour}7`, shade],
    [`${colour}-7`, shade],
  ]),
);

/**
 * The console's theme, in one place (issue 36): every colour antd draws text in meets WCAG AA's
 * 4.5:1 on white and on the tables' header grey (#fafafa). antd's defaults do not: its blue
 * #1677ff (links, link buttons, info) is 4.1:1, its grey #8c8c8c (statistic titles, empty lists,
 * descriptions) 3.4:1, its placeholder grey (a select's placeholder is text on the page) 1.9:1,
 * its red, green and orange less still, and so are half its tag colours (TAG_TEXT). The ratios are
 * beside each colour (on white / on #fafafa); console.unit.test.ts checks them from antd's own
 * tokens, and the console's axe test (e2e/tests/console-accessibility.spec.ts) checks the pages.
 */
export const CONSOLE_THEME = {
  token: {
    colorPrimary: '#c8102e', // 5.9 / 5.6
    colorLink: '#0958d9', // 6.2 / 5.9
    colorInfo: '#0958d9',
    colorTextTertiary: '#666666', // 5.7 / 5.5 (descriptions, statistic titles, empty lists)
    colorTextDescription: '#666666',
    colorTextPlaceholder: '#6e6e6e', // 5.1 / 4.9 (placeholders: a select's is text on the page)
    colorError: '#cf1322', // 5.6 / 5.3
    colorSuccess: '#237804', // 5.6 / 5.4
    colorWarning: '#a35f00', // 5.0 / 4.8
    // antd's light backgrounds and borders for them (from these dark colours it would make a grey
    // #adb8a5 under success tags and alerts, and the green text on it 2.7:1): 5.4 and 4.8 on them.
    colorSuccessBg: '#f6ffed',
    colorSuccessBgHover: '#d9f7be',
    colorSuccessBorder: '#b7eb8f',
    colorSuccessBorderHover: '#95de64',
    colorWarningBg: '#fffbe6',
    colorWarningBgHover: '#fff1b8',
    colorWarningBorder: '#ffe58f',
    colorWarningBorderHover: '#ffd666',
    ...TAG_TEXT,
    borderRadius: 6,
    fontFamily: FONT_FAMILY,
  },
};

/**
 * An operator's own colour for a tag (`<Tag color="#e4393c">`): antd draws its text in the colour
 * on the same hue at 95% lightness. The colour is darkened, keeping its hue, until it reads there.
 */
export function tagColour(colour: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(colour)) return colour;
  // Darkening may change the colour's saturation, and so the background antd draws it on.
  let current = colour;
  for (let round = 0; round < 5; round++) {
    const next = readableOn(current, tagBackground(current), current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The background antd gives a tag of a colour of its own: the colour's hue and saturation at 95% lightness. */
export function tagBackground(colour: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const lightness = (max + min) / 2;
  const saturation = d === 0 ? 0 : d / (1 - Math.abs(2 * lightness - 1));
  const hue = d === 0 ? 0 : max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return hsl(hue * 60, saturation, 0.95);
}

function hsl(h: number, s: number, l: number): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  const m = l - c / 2;
  return `#${[r, g, b]
    .map((v) =>
      Math.round((v + m) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
