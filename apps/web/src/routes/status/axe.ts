// axe-core on a rendered screen in jsdom (colour contrast needs a real browser; the e2e suite
// checks it). Shared by the status and verification screens' tests.
import axe from 'axe-core';

export const axeViolations = async (root: Element) => {
  const results = await axe.run(root, {
    runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
};
