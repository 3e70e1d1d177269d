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

/**
 * The listed names filed under one blocking key, each as `name index × 256 + the bit mask of the
 * name's tokens the key stands for`: those of persons without a birth date apart, the others by
 * birth year.
 */
interface Postings {
  undated?: Int32Array;
  readonly byYear: Map<string, Int32Array>;
}

export interface WatchlistIndex {
  readonly entries: readonly WatchlistEntry[];
  readonly names: readonly IndexedName[];
  /** By blocking key. */
  readonly postings: ReadonlyMap<string, Postings>;
  /** Per listed name, its blocked tokens' shapes (`shapeOf`), MAX_BLOCKED_TOKENS a name. */
  readonly shapes: Int32Array;
  /** Per listed name, how many of its tokens are blocked on. */
  readonly blocked: Uint8Array;
  /** Per listed name, the token masks of one search; cleared again before it returns. */
  readonly scratch: { readonly listed: Uint8Array; readonly query: Uint8Array };
}

/** Tokens past the eighth are not blocked on (the mask holds eight bits). */
const MAX_BLOCKED_TOKENS = 8;

/**
 * The blocking keys of a skeleton: its first and its last three consonant classes; a skeleton of
 * fewer than three is its own first and last three, and has one key (its postings would be the
 * same twice).
 */
const skeletonKeys = (skeleton: string): string[] => {
  if (skeleton === '') return [];
  if (skeleton.length < 3) return [`=${skeleton}`];
  return [`<${skeleton.slice(0, 3)}`, `>${skeleton.slice(-3)}`];
};

/** Equal, or equal once one class of the longer is left out ("lm" and "lkm"). */
const oneClassApart = (a: string, b: string): boolean => {
  if (a === b) return a !== '';
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1 || short === '') return false;
  let i = 0;
  while (i < short.length && short.charCodeAt(i) === long.charCodeAt(i)) i++;
  for (let k = i; k < short.length; k++) {
    if (short.charCodeAt(k) !== long.charCodeAt(k + 1)) return false;
  }
  return true;
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
  const queried = query.skeletons;
  const queryCount = Math.min(queried.length, MAX_BLOCKED_TOKENS);
  const listedCount = Math.min(listed.skeletons.length, MAX_BLOCKED_TOKENS);
  let used = 0;
  let pairs = 0;
  for (let j = 0; j < listedCount; j++) {
    const b = listed.skeletons[j] as string;
    for (let k = 0; k < queryCount; k++) {
      if (!(used & (1 << k)) && tokensBlock(queried[k] as string, b)) {
        used |= 1 << k;
        pairs++;
        break;
      }
    }
  }
  return pairs;
};

/**
 * A skeleton's shape: the consonant classes in it (a bit per letter, bits 1–26) and its length
 * (from bit 27; 15 for 15 or more).
 */
const shapeOf = (skeleton: string): number => {
  let bits = 0;
  for (let i = 0; i < skeleton.length; i++) bits |= 1 << (skeleton.charCodeAt(i) & 31);
  return bits | (Math.min(skeleton.length, 15) << 27);
};
const CLASS_BITS = (1 << 27) - 1;

/**
 * Whether a token of each name could be one class apart without sharing a key (`nearTokens`):
 * lengths one apart, and every class of the shorter in the longer (a length of 15 or more is
 * not told apart: true). A name that shares keys with one token only can reach a second pair
 * only so; most cannot, and are not paired again (issue 32: a third of screening's time).
 */
const mayBeOneClassApart = (
  queryShapes: readonly number[],
  index: WatchlistIndex,
  name: number,
): boolean => {
  const count = index.blocked[name] as number;
  for (let j = 0; j < count; j++) {
    const shape = index.shapes[name * MAX_BLOCKED_TOKENS + j] as number;
    const length = shape >>> 27;
    const classes = shape & CLASS_BITS;
    for (let k = 0; k < queryShapes.length; k++) {
      const other = queryShapes[k] as number;
      const otherLength = other >>> 27;
      if (length === 15 || otherLength === 15) return true;
      const otherClasses = other & CLASS_BITS;
      if (otherLength === length + 1 && (classes & ~otherClasses) === 0) return true;
      if (length === otherLength + 1 && (otherClasses & ~classes) === 0) return true;
    }
  }
  return false;
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
  // By key, then by birth year ('' for none) while building.
  const building = new Map<string, Map<string, number[]>>();
  entries.forEach((entry, entryIndex) => {
    const years = yearsOf(entry.birthDates);
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
        const byYear = building.get(key) ?? new Map<string, number[]>();
        building.set(key, byYear);
        for (const year of years.length === 0 ? [''] : years) {
          const list = byYear.get(year);
          if (list) list.push(nameIndex * 256 + mask);
          else byYear.set(year, [nameIndex * 256 + mask]);
        }
      }
    }
  });
  const postings = new Map<string, Postings>();
  for (const [key, byYear] of building) {
    const packed: Postings = { byYear: new Map() };
    for (const [year, list] of byYear) {
      if (year === '') packed.undated = Int32Array.from(list);
      else packed.byYear.set(year, Int32Array.from(list));
    }
    postings.set(key, packed);
  }
  const shapes = new Int32Array(names.length * MAX_BLOCKED_TOKENS);
  const blocked = new Uint8Array(names.length);
  names.forEach(({ form }, name) => {
    const tokens = form.skeletons.slice(0, MAX_BLOCKED_TOKENS);
    blocked[name] = tokens.length;
    tokens.forEach((skeleton, j) => {
      shapes[name * MAX_BLOCKED_TOKENS + j] = shapeOf(skeleton);
    });
  });
  const scratch = { listed: new Uint8Array(names.length), query: new Uint8Array(names.length) };
  return { entries, names, postings, shapes, blocked, scratch };
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
  const { listed, query: queried } = index.scratch;
  const touched: number[] = [];
  const visit = (posting: Int32Array | undefined, tokens: number) => {
    for (let p = 0; posting !== undefined && p < posting.length; p++) {
      const value = posting[p] as number;
      const name = value >>> 8;
      if (listed[name] === 0) touched.push(name);
      listed[name] = (listed[name] as number) | (value & 255);
      queried[name] = (queried[name] as number) | tokens;
    }
  };
  for (const unit of blockingUnits(query)) {
    for (const key of skeletonKeys(unit.skeleton)) {
      const postings = index.postings.get(key);
      if (postings === undefined) continue;
      visit(postings.undated, unit.tokens);
      if (birthYear !== '') visit(postings.byYear.get(birthYear), unit.tokens);
      else for (const posting of postings.byYear.values()) visit(posting, unit.tokens);
    }
  }
  const queryCount = Math.min(query.skeletons.length, MAX_BLOCKED_TOKENS);
  const queryShapes = query.skeletons.slice(0, queryCount).map(shapeOf);
  const candidates: number[] = [];
  for (const name of touched) {
    const needed = Math.min(2, queryCount, index.blocked[name] as number);
    const shared = Math.min(bitCount(listed[name] as number), bitCount(queried[name] as number));
    // Touched names share a key (shared ≥ 1): short of `needed`, only a pair one class apart
    // without a shared key can make up the second.
    if (
      shared >= needed ||
      (mayBeOneClassApart(queryShapes, index, name) &&
        nearTokens(query, (index.names[name] as IndexedName).form) >= needed)
    ) {
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
