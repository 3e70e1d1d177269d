// The watchlist (WATCHLIST_PATH) in the layout of OpenSanctions' targets.simple.csv:
// id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,
// dataset,first_seen,last_seen,last_change — lists inside a field separated by `;`. Only persons
// are screened against bearers; other schemas (companies, vessels) are left out and counted.
import type { WatchlistEntry } from '@eta-il/domain';
import { readCsv } from './csv.ts';
import type { LoadedList } from './lost-documents.ts';

export interface LoadedWatchlist extends LoadedList<WatchlistEntry> {
  /** Rows of other schemas than Person. */
  readonly notPersons: number;
}

const PARTIAL_ISO_DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
const ALPHA2 = /^[a-z]{2}$/;

const listOf = (field: string | undefined): string[] =>
  (field ?? '')
    .split(';')
    .map((item) => item.trim())
    .filter((item) => item !== '');

export const parseWatchlist = (text: string): LoadedWatchlist => {
  const { rows, malformed } = readCsv(text);
  const items: WatchlistEntry[] = [];
  let notPersons = 0;
  let invalid = 0;
  for (const row of rows) {
    if (row.schema !== 'Person') {
      notPersons += 1;
      continue;
    }
    const id = row.id ?? '';
    const name = row.name ?? '';
    if (id === '' || name === '') {
      invalid += 1;
      continue;
    }
    items.push({
      id,
      name,
      aliases: listOf(row.aliases).filter((alias) => alias !== name),
      birthDates: listOf(row.birth_date).filter((d) => PARTIAL_ISO_DATE.test(d)),
      countries: listOf(row.countries)
        .map((c) => c.toLowerCase())
        .filter((c) => ALPHA2.test(c)),
      listedOn: row.sanctions || row.dataset || '',
      // When the list last changed the entry; a false-hit mark holds for that version only.
      lastChange: (row.last_change ?? '').trim(),
    });
  }
  return { items, skipped: malformed + invalid, notPersons };
};
