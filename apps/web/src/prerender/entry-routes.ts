// The pages a traveller may open first, prerendered at build time in every language and served
// as HTML (docs/decisions/015-prerendered-entry-pages.md): the pages the domain's table marks
// `prerendered`, each with the module of its screen (whose chunk the page preloads).
import { ELIGIBILITY_JOURNEY, PAGES } from '@eta-il/domain';
import { screenModule } from '../routes/screens.ts';

export interface EntryRoute {
  path: string;
  screen: string;
  /**
   * The answers (session keys) an eligibility step needs from the steps before it: opened
   * without them, the page goes to `startOver` before it is painted.
   */
  needs: readonly string[];
  startOver: string;
}

export const ENTRY_ROUTES: readonly EntryRoute[] = PAGES.filter((page) => page.prerendered).map(
  (page) => ({
    path: page.route,
    screen: screenModule(page.screen),
    needs: 'needs' in page ? (page.needs as readonly string[]) : [],
    startOver: ELIGIBILITY_JOURNEY[0]?.route ?? '/',
  }),
);

/** How the server and the build name a path: lower case, no trailing slash ('/' for the root). */
export const entryKey = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';
