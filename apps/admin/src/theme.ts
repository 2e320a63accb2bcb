/** antd's own list, with the bundled Khmer face before the generic one (it covers Khmer letters only). */
const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Khmer', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";

/**
 * The console's theme, in one place (issue 36): every colour antd draws text in meets WCAG AA's
 * 4.5:1 on white and on the tables' header grey (#fafafa). antd's defaults do not: its blue
 * #1677ff (links, link buttons, info) is 4.1:1, its grey #8c8c8c (statistic titles, empty lists,
 * descriptions) 3.4:1, and its red, green and orange less still. The ratios are beside each colour
 * (on white / on #fafafa); the console's axe test (e2e/tests/console-accessibility.spec.ts) checks
 * the pages.
 */
export const CONSOLE_THEME = {
  token: {
    colorPrimary: '#c8102e', // 5.9 / 5.6
    colorLink: '#0958d9', // 6.2 / 5.9
    colorInfo: '#0958d9',
    colorTextTertiary: '#666666', // 5.7 / 5.5 (descriptions, statistic titles, empty lists)
    colorTextDescription: '#666666',
    colorError: '#cf1322', // 5.6 / 5.3
    colorSuccess: '#237804', // 5.6 / 5.4
    colorWarning: '#a35f00', // 5.0 / 4.8
    borderRadius: 6,
    fontFamily: FONT_FAMILY,
  },
};
