// The pages a traveller may open first, prerendered at build time in every language and served
// as HTML (docs/decisions/015-prerendered-entry-pages.md): the pages the domain's table marks
// `prerendered`, each with the module of its screen (whose chunk the page preloads).
import { PAGES } from '@eta-il/domain';
import { screenModule } from '../routes/screens.ts';

export interface EntryRoute {
  path: string;
  screen: string;
}

export const ENTRY_ROUTES: readonly EntryRoute[] = PAGES.filter((page) => page.prerendered).map(
  (page) => ({ path: page.route, screen: screenModule(page.screen) }),
);

/** How the server and the build name a path: lower case, no trailing slash ('/' for the root). */
export const entryKey = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';
