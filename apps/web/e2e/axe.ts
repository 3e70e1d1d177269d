// WCAG 2.2 AA by axe (wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa): a page's violations, as one
// readable list, must be none.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export const expectNoViolations = async (page: Page, where: string) => {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, `${where}: axe violations`).toEqual([]);
};
