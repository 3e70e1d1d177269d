// WCAG 2.2 AA by axe (wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa): a page's violations (or those
// inside `within`), as one readable list, must be none.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export const expectNoViolations = async (page: Page, where: string, within?: string) => {
  // Legacy mode runs axe in the page itself: the default opens a blank page to gather each run's
  // results, about 1 s a run against 0.3 s (our pages have no frames for it to gather from).
  // (options() replaces every option: withTags() comes after it.)
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(TAGS)
    .setLegacyMode(true);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  const summary = violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, `${where}: axe violations`).toEqual([]);
};
