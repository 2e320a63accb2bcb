import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits (at most 5 s) until no element is in an enter or leave motion (antd's and rc-motion's
 * `-enter`, `-appear`, `-leave` classes), so that axe judges the page a person reads, not a frame
 * of an animation: on a loaded machine a closing language menu's listbox, or a dialog's button
 * halfway through its fade (contrast 1.07:1), was judged as it passed. A motion that never ends
 * is left to axe.
 */
async function stillMotion(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => !document.querySelector('[class*="-enter"], [class*="-appear"], [class*="-leave"]'),
      undefined,
      { timeout: 5_000, polling: 100 },
    )
    .catch(() => undefined);
}

/**
 * The serious and critical WCAG 2.1 A/AA violations on the page as it is now, one line each (a
 * helper module: a spec that imported it from a spec file would run that file's tests too).
 */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  await stillMotion(page);
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${where} · ${v.id} · ${String(n.target)} · ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
      ),
    );
}

/**
 * The rules Lighthouse's accessibility category runs (lighthouse 13,
 * core/gather/gatherers/accessibility.js: WCAG 2 A and AA plus the best practices it turns on, less
 * the ones it turns off), at every impact level: a moderate or minor violation lowers its score as
 * much as a critical one (issue 36). One line each, as `axeViolations`.
 */
export async function lighthouseAxeViolations(page: Page, where: string): Promise<string[]> {
  const on = [
    ...['accesskeys', 'aria-allowed-role', 'aria-conditional-attr', 'aria-deprecated-role', 'aria-dialog-name'],
    ...['aria-prohibited-attr', 'aria-treeitem-name', 'aria-text', 'autocomplete-valid', 'empty-heading'],
    ...['heading-order', 'html-xml-lang-mismatch', 'identical-links-same-purpose', 'image-redundant-alt'],
    ...['input-button-name', 'label-content-name-mismatch', 'landmark-one-main', 'link-in-text-block'],
    ...['meta-viewport', 'presentation-role-conflict', 'select-name', 'skip-link', 'svg-img-alt', 'tabindex'],
    ...['table-duplicate-name', 'table-fake-caption', 'target-size', 'td-has-header'],
  ];
  const off = [
    ...['area-alt', 'aria-braille-equivalent', 'aria-roledescription', 'audio-caption', 'blink', 'duplicate-id'],
    ...['frame-focusable-content', 'frame-title-unique', 'marquee', 'nested-interactive', 'no-autoplay-audio'],
    ...['role-img-alt', 'scrollable-region-focusable', 'server-side-image-map', 'summary-name', 'aria-tab-name'],
  ];
  const rules = Object.fromEntries([
    ...on.map((id) => [id, { enabled: true }]),
    ...off.map((id) => [id, { enabled: false }]),
  ]);
  await stillMotion(page);
  const result = await new AxeBuilder({ page })
    .options({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules })
    .analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${where} · ${v.id} (${v.impact}) · ${String(n.target)} · ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
    ),
  );
}
