// The screening rules as one table: each rule's reason code, its explanation and its check.
// A rule only reports hits; any hit refers the bearer to an officer, none refuses by itself.
import { MAX_STAY_DAYS } from '../constants.ts';
import { type Country, isEligibleNationality, isEnemyCountry } from '../reference.ts';
import { documentKey, type LostDocumentIndex } from './documents.ts';
import { markSpares } from './false-hits.ts';
import type { ScreeningInput } from './input.ts';
import { type NameForm, nameForm } from './names.ts';
import type { ReasonCode, ScreeningMessageId } from './reasons.ts';
import {
  NAME_MATCH_THRESHOLD,
  NAME_MATCH_THRESHOLD_UNCORROBORATED,
  STAY_DAYS_BY_LENGTH_CODE,
} from './thresholds.ts';
import {
  birthDateEvidence,
  nationalityEvidence,
  searchWatchlist,
  type WatchlistEntry,
  type WatchlistIndex,
} from './watchlist.ts';

export interface ScreeningLists {
  readonly lostDocuments: LostDocumentIndex;
  readonly watchlist: WatchlistIndex;
  /** The reference countries (SPEC §3 `allcountry`). */
  readonly countries: readonly Country[];
}

/** The bearer's facts with what the rules derive from them once. */
export interface ScreeningFacts {
  readonly input: ScreeningInput;
  readonly name: NameForm;
  readonly passportCountry: Country | undefined;
  readonly nationality: Country | undefined;
  readonly otherNationalities: readonly Country[];
  /** ISO alpha-2, lower case, as OpenSanctions writes countries. */
  readonly nationalityCodes: readonly string[];
  readonly visitEnd: string;
}

/** What a hit tells the officer: how sure (1 for an exact match) and the facts matched. */
export interface RuleHit {
  readonly score: number;
  readonly details: Readonly<Record<string, string | number>>;
  /**
   * The id of the confirmed false-hit mark that spares this hit: it refers no one, and the
   * officer of a case referred for another reason sees it as spared by that mark.
   */
  readonly sparedBy?: string;
}

export interface ScreeningRule {
  readonly code: ReasonCode;
  readonly messageId: ScreeningMessageId;
  /** `exact`: lists matched exactly; `fuzzy`: similarity; `declared`: the traveller's answers. */
  readonly match: 'exact' | 'fuzzy' | 'declared' | 'reference';
  readonly evaluate: (facts: ScreeningFacts, lists: ScreeningLists) => readonly RuleHit[];
}

const certain = (details: RuleHit['details'] = {}): RuleHit[] => [{ score: 1, details }];
const when = (condition: boolean, details?: RuleHit['details']): RuleHit[] =>
  condition ? certain(details) : [];

const addDays = (iso: string, days: number): string => {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export const factsOf = (input: ScreeningInput, countries: readonly Country[]): ScreeningFacts => {
  const byId = (id: number | null) =>
    id === null ? undefined : countries.find((c) => c.EXT_COUNTRY_ID === id);
  const passportCountry = byId(input.passportCountryId);
  const nationality = byId(input.nationalityCountryId);
  const otherNationalities = input.otherNationalityCountryIds
    .map(byId)
    .filter((c): c is Country => c !== undefined);
  const held = [passportCountry, nationality, ...otherNationalities];
  const nationalityCodes = [
    ...new Set(held.flatMap((c) => (c ? [c.ISO_ALPHA2.toLowerCase()] : []))),
  ];
  const stayDays = STAY_DAYS_BY_LENGTH_CODE[input.lengthOfStayCode ?? Number.NaN] ?? MAX_STAY_DAYS;
  return {
    input,
    name: nameForm(`${input.firstName} ${input.lastName}`),
    passportCountry,
    nationality,
    otherNationalities,
    nationalityCodes,
    visitEnd: addDays(input.arrivalDate, stayDays),
  };
};

const round = (score: number) => Math.round(score * 1000) / 1000;

/** The id of the traveller's mark that spares a hit on `entry`, if one does. */
const sparingMark = (input: ScreeningInput, entry: WatchlistEntry): string | undefined => {
  const traveller = {
    passportNumber: input.passportNumber,
    issuingCountryId: input.passportCountryId,
    birthDate: input.birthDate,
  };
  return input.falseHitMarks.find((mark) => markSpares(mark, entry, traveller))?.id;
};

const watchlistHits = (facts: ScreeningFacts, lists: ScreeningLists): RuleHit[] => {
  const { birthDate } = facts.input;
  return searchWatchlist(lists.watchlist, facts.name, NAME_MATCH_THRESHOLD, birthDate)
    .map((match) => ({
      match,
      birth: birthDateEvidence(match.entry.birthDates, birthDate),
      nationality: nationalityEvidence(match.entry.countries, facts.nationalityCodes),
    }))
    .filter(({ match, birth, nationality }) => {
      // A name alone is evidence only when it is very alike and compared letter for letter.
      const corroborated = birth === 'exact' || nationality === 'confirmed';
      const strongName =
        !match.onSkeletons && match.nameScore >= NAME_MATCH_THRESHOLD_UNCORROBORATED;
      return corroborated || strongName;
    })
    .sort((a, b) => b.match.nameScore - a.match.nameScore)
    .map(({ match, birth, nationality }) => {
      const sparedBy = sparingMark(facts.input, match.entry);
      const hit: RuleHit = {
        score: round(match.nameScore),
        details: {
          entryId: match.entry.id,
          listedName: match.listedName,
          birthDate: birth,
          nationality,
          listedOn: match.entry.listedOn,
          // The listed person as the list gave them, so the officer compares side by side.
          listedBirthDates: match.entry.birthDates.join(', '),
          listedCountries: match.entry.countries.join(', '),
          // The entry as it was when screened: a mark made on this hit holds for this version.
          lastChange: match.entry.lastChange,
        },
      };
      return sparedBy === undefined ? hit : { ...hit, sparedBy };
    });
};

export const SCREENING_RULES: readonly ScreeningRule[] = [
  {
    code: 'LOST_DOCUMENT',
    messageId: 'screeningLostDocument',
    match: 'exact',
    evaluate: ({ input }, { lostDocuments }) => {
      const found = lostDocuments.get(documentKey(input.passportCountryCode, input.passportNumber));
      return found ? certain({ reportedOn: found.reportedOn }) : [];
    },
  },
  {
    code: 'WATCHLIST',
    messageId: 'screeningWatchlist',
    match: 'fuzzy',
    evaluate: watchlistHits,
  },
  {
    code: 'LAW_PROBLEMS',
    messageId: 'screeningLawProblems',
    match: 'declared',
    evaluate: ({ input }) => when(input.lawProblems),
  },
  {
    code: 'DECLARED_REFUSAL',
    messageId: 'screeningDeclaredRefusal',
    match: 'declared',
    evaluate: ({ input }) =>
      when(input.declaredRefusal, { description: input.declaredRefusalText }),
  },
  {
    code: 'ANOTHER_VISA_REQUEST',
    messageId: 'screeningAnotherVisaRequest',
    match: 'declared',
    evaluate: ({ input }) =>
      when(input.anotherVisaRequest, { description: input.anotherVisaRequestText }),
  },
  {
    code: 'STORED_REFUSAL',
    messageId: 'screeningStoredRefusal',
    match: 'exact',
    evaluate: ({ input }) => {
      const passport = documentKey(input.passportCountryCode, input.passportNumber);
      return input.storedRefusals
        .filter((r) => documentKey(r.passportCountry, r.passportNumber) === passport)
        .flatMap((r) =>
          certain({ applicationNumber: r.applicationNumber, refusedOn: r.refusedOn }),
        );
    },
  },
  {
    code: 'PASSPORT_EXPIRES_BEFORE_ARRIVAL',
    messageId: 'screeningPassportExpiresBeforeArrival',
    match: 'reference',
    evaluate: ({ input }) =>
      when(!(input.passportExpiryDate >= input.arrivalDate && input.arrivalDate !== ''), {
        passportExpiryDate: input.passportExpiryDate,
        arrivalDate: input.arrivalDate,
      }),
  },
  {
    code: 'PASSPORT_EXPIRES_DURING_VISIT',
    messageId: 'screeningPassportExpiresDuringVisit',
    match: 'reference',
    evaluate: ({ input, visitEnd }) =>
      when(
        input.passportExpiryDate >= input.arrivalDate &&
          input.arrivalDate !== '' &&
          input.passportExpiryDate < visitEnd,
        { passportExpiryDate: input.passportExpiryDate, visitEnd },
      ),
  },
  {
    code: 'NATIONALITY_NOT_ELIGIBLE',
    messageId: 'screeningNationalityNotEligible',
    match: 'reference',
    evaluate: ({ passportCountry, nationality }) =>
      [passportCountry, nationality]
        .filter((c, i, all) => all.indexOf(c) === i)
        .filter((c) => !isEnemyCountry(c) && !isEligibleNationality(c))
        .flatMap((c) => certain({ country: c?.COUNTRY_CODE ?? 'unknown' })),
  },
  {
    code: 'ENEMY_NATIONALITY',
    messageId: 'screeningEnemyNationality',
    match: 'reference',
    evaluate: ({ passportCountry, nationality, otherNationalities }) =>
      [...new Set([passportCountry, nationality, ...otherNationalities])]
        .filter(isEnemyCountry)
        .flatMap((c) => certain({ country: c?.COUNTRY_CODE ?? 'unknown' })),
  },
];
