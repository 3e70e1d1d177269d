// The watchlist (OpenSanctions' targets.simple.csv layout, persons only) and its index: names
// are blocked by consonant-skeleton keys, so a bearer is compared with a few hundred listed
// names rather than with all of them.
import { type NameForm, nameForm } from './names.ts';
import { nameSimilarity } from './similarity.ts';

export interface WatchlistEntry {
  readonly id: string;
  readonly name: string;
  readonly aliases: readonly string[];
  /** ISO dates, whole or in part (`1952`, `1952-10`, `1952-10-07`). */
  readonly birthDates: readonly string[];
  /** ISO 3166-1 alpha-2, lower case. */
  readonly countries: readonly string[];
  /** The lists that name the person (OpenSanctions' `sanctions` or `dataset`), for the officer. */
  readonly listedOn: string;
}

interface IndexedName {
  readonly entry: number;
  readonly form: NameForm;
}

export interface WatchlistIndex {
  readonly entries: readonly WatchlistEntry[];
  readonly names: readonly IndexedName[];
  readonly postings: ReadonlyMap<string, readonly number[]>;
}

/** The blocking keys of a token: the first and the last three classes of its skeleton. */
const tokenKeys = (skeleton: string): string[] =>
  skeleton === '' ? [] : [`<${skeleton.slice(0, 3)}`, `>${skeleton.slice(-3)}`];

/** The skeletons that block: each token's, and each two neighbours' run together ("Abd Allah"). */
const blockingUnits = (form: NameForm): string[] => [
  ...form.skeletons,
  ...form.skeletons.slice(1).map((skeleton, i) => `${form.skeletons[i]}${skeleton}`),
];

export const buildWatchlistIndex = (entries: readonly WatchlistEntry[]): WatchlistIndex => {
  const names: IndexedName[] = [];
  const postings = new Map<string, number[]>();
  entries.forEach((entry, entryIndex) => {
    const written = new Set([entry.name, ...entry.aliases].filter((n) => n.trim() !== ''));
    for (const name of written) {
      const form = nameForm(name);
      const nameIndex = names.push({ entry: entryIndex, form }) - 1;
      for (const key of new Set(blockingUnits(form).flatMap(tokenKeys))) {
        const list = postings.get(key);
        if (list) list.push(nameIndex);
        else postings.set(key, [nameIndex]);
      }
    }
  });
  return { entries, names, postings };
};

/**
 * Listed names that share blocking keys with enough of the query's tokens (or neighbour pairs):
 * two, or every token of the shorter name when it has fewer.
 */
export const candidateNames = (index: WatchlistIndex, query: NameForm): number[] => {
  const tokensHit = new Map<number, number>();
  const lastToken = new Map<number, number>();
  blockingUnits(query).forEach((skeleton, token) => {
    for (const key of tokenKeys(skeleton)) {
      for (const name of index.postings.get(key) ?? []) {
        if (lastToken.get(name) === token) continue;
        lastToken.set(name, token);
        tokensHit.set(name, (tokensHit.get(name) ?? 0) + 1);
      }
    }
  });
  const candidates: number[] = [];
  for (const [name, hits] of tokensHit) {
    const listed = (index.names[name] as IndexedName).form.skeletons.length;
    if (hits >= Math.min(2, query.skeletons.length, listed)) candidates.push(name);
  }
  return candidates;
};

export type Evidence = 'confirmed' | 'unknown' | 'contradicted';

/** Same full date, or same year (a listed year alone, or a day or month mistyped). */
export const birthDateEvidence = (listed: readonly string[], birthDate: string): Evidence => {
  if (listed.length === 0 || birthDate === '') return 'unknown';
  return listed.some((d) => d.slice(0, 4) === birthDate.slice(0, 4)) ? 'confirmed' : 'contradicted';
};

export const nationalityEvidence = (
  listed: readonly string[],
  nationalities: readonly string[],
): Evidence => {
  if (listed.length === 0 || nationalities.length === 0) return 'unknown';
  return listed.some((c) => nationalities.includes(c)) ? 'confirmed' : 'contradicted';
};

export interface NameMatch {
  readonly entry: WatchlistEntry;
  readonly listedName: string;
  readonly nameScore: number;
}

/**
 * The best-matching name of each listed person whose names reach `minScore`; `keep` drops a
 * person before any name is compared (the birth-year block).
 */
export const searchWatchlist = (
  index: WatchlistIndex,
  query: NameForm,
  minScore: number,
  keep: (entry: WatchlistEntry) => boolean = () => true,
): NameMatch[] => {
  const best = new Map<number, NameMatch>();
  for (const name of candidateNames(index, query)) {
    const { entry, form } = index.names[name] as IndexedName;
    const listed = index.entries[entry] as WatchlistEntry;
    if (!keep(listed)) continue;
    const nameScore = nameSimilarity(query, form);
    if (nameScore < minScore || (best.get(entry)?.nameScore ?? -1) >= nameScore) continue;
    best.set(entry, { entry: listed, listedName: form.written, nameScore });
  }
  return [...best.values()];
};
