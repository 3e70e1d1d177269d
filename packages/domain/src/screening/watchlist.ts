// The watchlist (OpenSanctions' targets.simple.csv layout, persons only) and its index: names
// are blocked by consonant-skeleton keys, so a bearer is compared with a few hundred listed
// names rather than with all of them.
import { type NameForm, nameForm } from './names.ts';
import { comparesOnSkeletons, nameSimilarity } from './similarity.ts';

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
  /**
   * When the list last changed the entry (OpenSanctions' `last_change`; empty when the list gives
   * none): a false-hit mark holds only for the entry as it was marked (false-hits.ts).
   */
  readonly lastChange: string;
}

interface IndexedName {
  readonly entry: number;
  readonly form: NameForm;
}

export interface WatchlistIndex {
  readonly entries: readonly WatchlistEntry[];
  readonly names: readonly IndexedName[];
  /**
   * By blocking key and birth year (`key@1952`; `key@` for no birth date): the listed names, each
   * as `name index × 256 + the bit mask of the name's tokens the key stands for`.
   */
  readonly postings: ReadonlyMap<string, Int32Array>;
  readonly birthYears: ReadonlySet<string>;
  /** Per listed name, the token masks of one search; cleared again before it returns. */
  readonly scratch: { readonly listed: Uint8Array; readonly query: Uint8Array };
}

/** Tokens past the eighth are not blocked on (the mask holds eight bits). */
const MAX_BLOCKED_TOKENS = 8;

/** The blocking keys of a skeleton: its first and its last three consonant classes. */
const skeletonKeys = (skeleton: string): string[] =>
  skeleton === '' ? [] : [`<${skeleton.slice(0, 3)}`, `>${skeleton.slice(-3)}`];

/** Equal, or equal once one class of the longer is left out ("lm" and "lkm"). */
const oneClassApart = (a: string, b: string): boolean => {
  if (a === b) return a !== '';
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1 || short === '') return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
};

/** The same first (`fromEnd` false) or last three classes, as `skeletonKeys` files them. */
const sameKey = (a: string, b: string, fromEnd: boolean): boolean => {
  const n = Math.min(a.length, 3);
  if (n !== Math.min(b.length, 3)) return false;
  const [aStart, bStart] = fromEnd ? [a.length - n, b.length - n] : [0, 0];
  for (let k = 0; k < n; k++) {
    if (a.charCodeAt(aStart + k) !== b.charCodeAt(bStart + k)) return false;
  }
  return true;
};

/** Two token skeletons block together: a shared key, or one class apart. */
const tokensBlock = (a: string, b: string): boolean =>
  a !== '' && b !== '' && (sameKey(a, b, false) || sameKey(a, b, true) || oneClassApart(a, b));

/**
 * Short skeletons change both keys with one mistyped consonant ("Ulomo" `lm`, "Ulkomo" `lkm`).
 * For a name that shares keys with too few tokens, the tokens are paired again one to one,
 * counting skeletons one class apart as well: how many pairs there are.
 */
const nearTokens = (query: NameForm, listed: NameForm): number => {
  const queried = query.skeletons.slice(0, MAX_BLOCKED_TOKENS);
  let used = 0;
  let pairs = 0;
  for (const b of listed.skeletons.slice(0, MAX_BLOCKED_TOKENS)) {
    const i = queried.findIndex((a, k) => !(used & (1 << k)) && tokensBlock(a, b));
    if (i >= 0) {
      used |= 1 << i;
      pairs++;
    }
  }
  return pairs;
};

interface BlockingUnit {
  readonly skeleton: string;
  /** Bit i: the unit stands for token i. */
  readonly tokens: number;
}

/**
 * What a name is blocked on: each token's skeleton, and two neighbours run together when one of
 * them is short (a particle: "Abd Allah" against "Abdullah", "Bin Laden" against "Binladen").
 */
const blockingUnits = (form: NameForm): BlockingUnit[] => {
  const skeletons = form.skeletons.slice(0, MAX_BLOCKED_TOKENS);
  const units: BlockingUnit[] = skeletons.map((skeleton, i) => ({ skeleton, tokens: 1 << i }));
  for (let i = 0; i + 1 < skeletons.length; i++) {
    const [a, b] = [skeletons[i] as string, skeletons[i + 1] as string];
    if (a.length < 3 || b.length < 3) units.push({ skeleton: a + b, tokens: 3 << i });
  }
  return units;
};

const yearsOf = (birthDates: readonly string[]): string[] => [
  ...new Set(birthDates.map((d) => d.slice(0, 4))),
];

/**
 * Indexes every name and alias. A person with birth dates is filed under each birth year (a
 * bearer of another year is never compared, see `birthDateEvidence`); one without, under none.
 */
export const buildWatchlistIndex = (entries: readonly WatchlistEntry[]): WatchlistIndex => {
  const names: IndexedName[] = [];
  const postings = new Map<string, number[]>();
  const birthYears = new Set<string>();
  entries.forEach((entry, entryIndex) => {
    const years = yearsOf(entry.birthDates);
    for (const year of years) birthYears.add(year);
    const written = new Set([entry.name, ...entry.aliases].filter((n) => n.trim() !== ''));
    for (const name of written) {
      const form = nameForm(name);
      const nameIndex = names.push({ entry: entryIndex, form }) - 1;
      // One posting per key: the tokens of every unit filed under it.
      const masks = new Map<string, number>();
      for (const unit of blockingUnits(form)) {
        for (const key of skeletonKeys(unit.skeleton)) {
          masks.set(key, (masks.get(key) ?? 0) | unit.tokens);
        }
      }
      for (const [key, mask] of masks) {
        for (const year of years.length === 0 ? [''] : years) {
          const list = postings.get(`${key}@${year}`);
          if (list) list.push(nameIndex * 256 + mask);
          else postings.set(`${key}@${year}`, [nameIndex * 256 + mask]);
        }
      }
    }
  });
  const packed = new Map([...postings].map(([key, list]) => [key, Int32Array.from(list)]));
  const scratch = { listed: new Uint8Array(names.length), query: new Uint8Array(names.length) };
  return { entries, names, postings: packed, birthYears, scratch };
};

const bitCount = (mask: number): number => {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count++;
  return count;
};

/**
 * Listed names that share blocking keys with enough distinct tokens on both sides (or tokens one
 * consonant class apart, see `nearTokens`): two, or every token of the shorter name when it has
 * fewer. Only persons born in `birthYear` or of unknown
 * birth date are looked at; without a year, all are.
 */
const candidateNames = (index: WatchlistIndex, query: NameForm, birthYear: string): number[] => {
  const years = birthYear === '' ? ['', ...index.birthYears] : ['', birthYear];
  const { listed, query: queried } = index.scratch;
  const touched: number[] = [];
  for (const unit of blockingUnits(query)) {
    for (const key of skeletonKeys(unit.skeleton)) {
      for (const year of years) {
        const posting = index.postings.get(`${key}@${year}`);
        for (let p = 0; posting !== undefined && p < posting.length; p++) {
          const value = posting[p] as number;
          const name = value >>> 8;
          if (listed[name] === 0) touched.push(name);
          listed[name] = (listed[name] as number) | (value & 255);
          queried[name] = (queried[name] as number) | unit.tokens;
        }
      }
    }
  }
  const queryCount = Math.min(query.skeletons.length, MAX_BLOCKED_TOKENS);
  const candidates: number[] = [];
  for (const name of touched) {
    const listedCount = Math.min(
      (index.names[name] as IndexedName).form.skeletons.length,
      MAX_BLOCKED_TOKENS,
    );
    const needed = Math.min(2, queryCount, listedCount);
    const shared = Math.min(bitCount(listed[name] as number), bitCount(queried[name] as number));
    const { form } = index.names[name] as IndexedName;
    if (shared >= needed || nearTokens(query, form) >= needed) {
      candidates.push(name);
    }
    listed[name] = 0;
    queried[name] = 0;
  }
  return candidates;
};

/** How a listed fact compares with the bearer's: `exact` and `year` are for birth dates. */
export type Evidence = 'exact' | 'year' | 'confirmed' | 'unknown' | 'contradicted';

/** The same full date, or the same year (a listed year alone, or a day or month mistyped). */
export const birthDateEvidence = (listed: readonly string[], birthDate: string): Evidence => {
  if (listed.length === 0 || birthDate === '') return 'unknown';
  if (listed.includes(birthDate)) return 'exact';
  return listed.some((d) => d.slice(0, 4) === birthDate.slice(0, 4)) ? 'year' : 'contradicted';
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
  /** Compared on consonant skeletons (an abjad name): weaker evidence. */
  readonly onSkeletons: boolean;
}

/** The best-matching name of each listed person of a compatible birth year that reaches `minScore`. */
export const searchWatchlist = (
  index: WatchlistIndex,
  query: NameForm,
  minScore: number,
  birthDate: string,
): NameMatch[] => {
  const best = new Map<number, NameMatch>();
  for (const name of candidateNames(index, query, birthDate.slice(0, 4))) {
    const { entry, form } = index.names[name] as IndexedName;
    const nameScore = nameSimilarity(query, form);
    if (nameScore < minScore || (best.get(entry)?.nameScore ?? -1) >= nameScore) continue;
    best.set(entry, {
      entry: index.entries[entry] as WatchlistEntry,
      listedName: form.written,
      nameScore,
      onSkeletons: comparesOnSkeletons(query, form),
    });
  }
  return [...best.values()];
};
