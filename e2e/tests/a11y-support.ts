import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The serious and critical WCAG 2.1 A/AA violations on the page as it is now, one line each (a
 * helper module: a spec that imported it from a spec file would run that file's tests too).
 */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${where} · ${v.id} · ${String(n.target)} · ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
      ),
    );
}
