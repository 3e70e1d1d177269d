// @vitest-environment node
// Adding a page is one entry in the domain's table and one screen folder: every page's folder
// holds its <Name>Page.tsx exporting <Name>Page, and a missing one is named, not a blank page.
import { existsSync } from 'node:fs';
import { PAGES } from '@eta-il/domain';
import { describe, expect, it } from 'vitest';
import { lazyScreen, screenModule } from './screens.ts';

describe('screens of the pages table', () => {
  it.each(PAGES.map((page) => [page.route, page.screen]))('%s: routes/%s', (_, screen) => {
    expect(existsSync(new URL(`../../${screenModule(screen)}`, import.meta.url))).toBe(true);
    expect(() => lazyScreen(screen)).not.toThrow();
  });

  it('names a screen folder that does not exist', () => {
    expect(screenModule('travel-info')).toBe('src/routes/travel-info/TravelInfoPage.tsx');
    expect(() => lazyScreen('no-such-screen')).toThrow(
      'routes/no-such-screen/NoSuchScreenPage.tsx',
    );
  });
});
