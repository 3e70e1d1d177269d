// The screening lists, read once at start-up and indexed: LOST_DOCUMENTS_PATH and WATCHLIST_PATH,
// or the small sample lists shipped in apps/server/src/screening/samples/ when they are unset.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  buildLostDocumentIndex,
  buildWatchlistIndex,
  type Country,
  type ScreeningLists,
} from '@eta-il/domain';
import { parseLostDocuments } from './lost-documents.ts';
import { parseWatchlist } from './watchlist.ts';

const SAMPLE_DIR = new URL('./samples/', import.meta.url);
export const SAMPLE_LOST_DOCUMENTS_PATH = fileURLToPath(new URL('lost-documents.csv', SAMPLE_DIR));
export const SAMPLE_WATCHLIST_PATH = fileURLToPath(new URL('watchlist.csv', SAMPLE_DIR));

export interface ScreeningListPaths {
  readonly lostDocumentsPath: string;
  readonly watchlistPath: string;
}

export const screeningListPaths = (env: NodeJS.ProcessEnv = process.env): ScreeningListPaths => ({
  lostDocumentsPath: env.LOST_DOCUMENTS_PATH || SAMPLE_LOST_DOCUMENTS_PATH,
  watchlistPath: env.WATCHLIST_PATH || SAMPLE_WATCHLIST_PATH,
});

/** What was read, for the start-up log. */
export interface ScreeningListsReport {
  readonly lostDocuments: number;
  readonly lostDocumentsSkipped: number;
  readonly watchlistPersons: number;
  readonly watchlistSkipped: number;
  readonly watchlistNotPersons: number;
}

export const loadScreeningLists = async (
  paths: ScreeningListPaths,
  countries: readonly Country[],
): Promise<{ lists: ScreeningLists; report: ScreeningListsReport }> => {
  const [lostText, watchlistText] = await Promise.all([
    readFile(paths.lostDocumentsPath, 'utf8'),
    readFile(paths.watchlistPath, 'utf8'),
  ]);
  const lost = parseLostDocuments(lostText, countries);
  const watchlist = parseWatchlist(watchlistText);
  return {
    lists: {
      lostDocuments: buildLostDocumentIndex(lost.items),
      watchlist: buildWatchlistIndex(watchlist.items),
      countries,
    },
    report: {
      lostDocuments: lost.items.length,
      lostDocumentsSkipped: lost.skipped,
      watchlistPersons: watchlist.items.length,
      watchlistSkipped: watchlist.skipped,
      watchlistNotPersons: watchlist.notPersons,
    },
  };
};
