// Watchlists for the false-hit suites: OpenSanctions-shaped CSV text read by the server's own
// parser, each entry with the `last_change` a test gives it (a changed list expires marks).
import { buildLostDocumentIndex, buildWatchlistIndex, type ScreeningLists } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { parseWatchlist } from '../../src/screening/watchlist.ts';

const HEADER =
  'id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,dataset,first_seen,last_seen,last_change';

/** Two listed persons one traveller (IVAN SIDOROV, born 1961-03-14) matches both of. */
export const TWO_ENTRIES = [
  { id: 'fh-entry-1', name: 'Ivan Petrovich Sidorov', birthDate: '1961-03-14' },
  { id: 'fh-entry-2', name: 'Ivan Sidorov', birthDate: '1961-03-14' },
] as const;

/** The screening lists with these entries, each changed last at `lastChange`. */
export const listsWith = (
  entries: readonly { id: string; name: string; birthDate: string }[],
  lastChange: string,
): ScreeningLists => {
  const rows = entries.map(
    (e) =>
      `${e.id},Person,${e.name},,${e.birthDate},ru,,,Test list,,,test,2026-01-01T00:00:00,2026-11-01T00:00:00,${lastChange}`,
  );
  const { items } = parseWatchlist([HEADER, ...rows].join('\n'));
  return {
    lostDocuments: buildLostDocumentIndex([]),
    watchlist: buildWatchlistIndex(items),
    countries: referenceData.allcountry,
  };
};
