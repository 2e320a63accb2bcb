import { AA_TEXT, contrastRatio } from '@shop/contracts';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { CONSOLE_THEME, tagBackground, tagColour } from './theme.ts';

/** The tokens antd draws the console with: its defaults, then the console's theme. */
const token = theme.getDesignToken(CONSOLE_THEME) as unknown as Record<string, string>;
const PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange'] as const;
const MORE = ['yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;

describe("the console's theme (issue 36)", () => {
  it('draws every text colour at 4.5:1 or more on white and on the tables’ header grey', () => {
    const texts = ['colorPrimary', 'colorLink', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder'];
    for (const name of [...texts, 'colorError', 'colorSuccess', 'colorWarning'])
      for (const background of ['#ffffff', '#fafafa'])
        expect(contrastRatio(token[name], background), `${name} on ${background}`).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('draws a tag of every preset colour and every status at 4.5:1 or more', () => {
    // antd's CSS variable (--ant-green-7) is made from the dashed name, its styles in JS from the other.
    for (const colour of [...PRESETS, ...MORE])
      for (const [text, background] of [
        [`${colour}7`, `${colour}1`],
        [`${colour}-7`, `${colour}-1`],
      ])
        expect(contrastRatio(token[text], token[background]), text).toBeGreaterThanOrEqual(AA_TEXT);
    for (const status of ['Success', 'Info', 'Error', 'Warning'])
      expect(contrastRatio(token[`color${status}`], token[`color${status}Bg`]), status).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it("darkens an operator's own tag colour until it reads on its background, keeping a dark one", () => {
    for (const colour of ['#e4393c', '#ffcc00', '#00ff00', '#1677ff', '#ff69b4', '#cccccc', '#00ffff']) {
      const text = tagColour(colour);
      expect(contrastRatio(text, tagBackground(text)), colour).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(tagColour('#1d39c4')).toBe('#1d39c4');
    expect(tagColour('red')).toBe('red');
  });
});
