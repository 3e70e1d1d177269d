// Issue 30 item 4 "False hits cleared once": the key of a mark, its states, four eyes, when a
// mark spares a hit (and when it has expired), the reason's limit, and screening with marks.
import { describe, expect, it } from 'vitest';
import {
  buildLostDocumentIndex,
  buildWatchlistIndex,
  FALSE_HIT_REASON_MAX,
  type FalseHitMark,
  FalseHitMarkFormSchema,
  FalseHitReasonFormSchema,
  type FalseHitState,
  falseHitConfirmation,
  falseHitStateOf,
  isSparedReferral,
  markSpares,
  nextFalseHitState,
  type ScreeningInput,
  type ScreeningLists,
  sameFalseHitTraveller,
  screenBearer,
  type WatchlistEntry,
} from '../src/index.ts';
import { country, reference, TODAY } from './fixtures.ts';

const USA = country('USA').EXT_COUNTRY_ID;
const GBR = country('GBR').EXT_COUNTRY_ID;
const TRAVELLER = { passportNumber: 'AB1234567', issuingCountryId: USA, birthDate: '1961-03-14' };
const ENTRY = { id: 'sample-0001', lastChange: '2026-01-01T00:00:00' };
const mark = (more: Partial<FalseHitMark> = {}): FalseHitMark => ({
  id: 'mark-1',
  entryId: ENTRY.id,
  entryLastChange: ENTRY.lastChange,
  traveller: TRAVELLER,
  state: 'confirmed',
  ...more,
});

describe('the key of a mark: passport number (normalized), issuing country, birth date', () => {
  it.each([
    ['the same traveller', {}, true],
    ['the number written with spaces and lower case', { passportNumber: 'ab 123-4567' }, true],
    ['another passport number', { passportNumber: 'AB1234568' }, false],
    ['another issuing country', { issuingCountryId: GBR }, false],
    ['another birth date', { birthDate: '1961-03-15' }, false],
    ['no passport number', { passportNumber: '' }, 'empty'],
    ['no issuing country', { issuingCountryId: null }, 'empty'],
    ['no birth date', { birthDate: '' }, 'empty'],
  ] as const)('%s → %s', (_name, change, same) => {
    const other = { ...TRAVELLER, ...change };
    // An incomplete key matches no one, not even itself.
    expect(sameFalseHitTraveller(TRAVELLER, other)).toBe(same === true);
    if (same === 'empty') expect(sameFalseHitTraveller(other, other)).toBe(false);
  });
});

describe('the states of a mark: proposed → confirmed | rejected; confirmed → withdrawn', () => {
  it.each([
    ['proposed', 'confirm', 'confirmed'],
    ['proposed', 'reject', 'rejected'],
    ['proposed', 'withdraw', undefined],
    ['confirmed', 'withdraw', 'withdrawn'],
    ['confirmed', 'confirm', undefined],
    ['confirmed', 'reject', undefined],
    ['rejected', 'confirm', undefined],
    ['rejected', 'withdraw', undefined],
    ['withdrawn', 'confirm', undefined],
    ['withdrawn', 'withdraw', undefined],
  ] as const)('%s --%s--> %s', (from, move, to) => {
    expect(nextFalseHitState(from, move)).toBe(to);
  });

  it.each([
    [{ confirmedAt: null, rejectedAt: null, withdrawnAt: null }, 'proposed'],
    [{ confirmedAt: 'x', rejectedAt: null, withdrawnAt: null }, 'confirmed'],
    [{ confirmedAt: null, rejectedAt: 'x', withdrawnAt: null }, 'rejected'],
    [{ confirmedAt: 'x', rejectedAt: null, withdrawnAt: 'x' }, 'withdrawn'],
  ] as const)('stored steps %o are state %s', (steps, state) => {
    expect(falseHitStateOf(steps)).toBe(state);
  });
});

describe('four eyes: who may confirm (or reject) a mark', () => {
  it.each([
    ['another supervisor', { staff: 'sup-2', role: 'supervisor' }, { ok: true }],
    ['the supervisor who marked it', { staff: 'sup-1', role: 'supervisor' }, 'sameStaff'],
    ['an officer', { staff: 'off-1', role: 'officer' }, 'notSupervisor'],
    ['an auditor', { staff: 'aud-1', role: 'auditor' }, 'notSupervisor'],
    ['an admin', { staff: 'adm-1', role: 'admin' }, 'notSupervisor'],
  ] as const)('%s', (_name, confirmer, expected) => {
    const answer = falseHitConfirmation('sup-1', confirmer);
    expect(answer).toEqual(
      typeof expected === 'string' ? { ok: false, refusal: expected } : expected,
    );
  });
});

describe('markSpares: a confirmed mark of this entry as it is now, for this traveller', () => {
  it.each<
    [string, Partial<FalseHitMark>, Partial<typeof ENTRY>, Partial<typeof TRAVELLER>, boolean]
  >([
    ['confirmed, same entry and traveller', {}, {}, {}, true],
    ['proposed (not yet confirmed)', { state: 'proposed' }, {}, {}, false],
    ['rejected', { state: 'rejected' }, {}, {}, false],
    ['withdrawn', { state: 'withdrawn' }, {}, {}, false],
    ['another listed entry', {}, { id: 'sample-0002' }, {}, false],
    [
      'the entry changed since (another last_change)',
      {},
      { lastChange: '2026-12-01T00:00:00' },
      {},
      false,
    ],
    ['another passport', {}, {}, { passportNumber: 'ZZ9999999' }, false],
    ['another birth date', {}, {}, { birthDate: '1961-03-15' }, false],
    ['another issuing country', {}, {}, { issuingCountryId: GBR }, false],
    [
      'a list without last_change, marked without one',
      { entryLastChange: '' },
      { lastChange: '' },
      {},
      true,
    ],
  ])('%s → %s', (_name, m, entry, traveller, spares) => {
    expect(markSpares(mark(m), { ...ENTRY, ...entry }, { ...TRAVELLER, ...traveller })).toBe(
      spares,
    );
  });
});

describe('the reason of a mark, a rejection or a withdrawal', () => {
  it.each([
    ['a reason', 'Born in another town; photo differs.', true],
    ['empty', '', false],
    ['spaces only', '   ', false],
    ['at the limit', 'x'.repeat(FALSE_HIT_REASON_MAX), true],
    ['one past the limit', 'x'.repeat(FALSE_HIT_REASON_MAX + 1), false],
  ])('%s → %s', (_name, reason, ok) => {
    expect(FalseHitReasonFormSchema.safeParse({ reason }).success).toBe(ok);
    expect(
      FalseHitMarkFormSchema.safeParse({ bearerIndex: 0, entryId: ENTRY.id, reason }).success,
    ).toBe(ok);
  });

  it.each([
    ['a negative bearer', { bearerIndex: -1 }],
    ['a fractional bearer', { bearerIndex: 0.5 }],
    ['no entry', { entryId: '' }],
  ])('refuses %s', (_name, change) => {
    const body = { bearerIndex: 0, entryId: ENTRY.id, reason: 'Not him.', ...change };
    expect(FalseHitMarkFormSchema.safeParse(body).success).toBe(false);
  });
});

describe('screening with marks', () => {
  const listed = (id: string, name: string, birthDates: string[]): WatchlistEntry => ({
    id,
    name,
    aliases: [],
    birthDates,
    countries: ['ru'],
    listedOn: 'Test list',
    lastChange: ENTRY.lastChange,
  });
  const lists: ScreeningLists = {
    lostDocuments: buildLostDocumentIndex([
      { issuingCountry: 'USA', documentNumber: 'AB1234567', reportedOn: '2026-01-02' },
    ]),
    watchlist: buildWatchlistIndex([
      listed('sample-0001', 'Ivan Petrovich Sidorov', ['1961-03-14']),
      listed('sample-0009', 'Ivan Sidorov', ['1961-03-14']),
    ]),
    countries: reference.allcountry,
  };
  const input = (marks: FalseHitMark[], change: Partial<ScreeningInput> = {}): ScreeningInput => ({
    firstName: 'IVAN',
    lastName: 'SIDOROV',
    birthDate: TRAVELLER.birthDate,
    nationalityCountryId: USA,
    otherNationalityCountryIds: [],
    passportCountryId: USA,
    passportCountryCode: 'USA',
    passportNumber: 'CD7654321',
    passportExpiryDate: '2030-05-09',
    arrivalDate: '2027-03-15',
    lengthOfStayCode: 2,
    lawProblems: false,
    declaredRefusal: false,
    declaredRefusalText: '',
    anotherVisaRequest: false,
    anotherVisaRequestText: '',
    storedRefusals: [],
    falseHitMarks: marks,
    ...change,
  });
  const forTraveller = (id: string, entryId: string, state: FalseHitState = 'confirmed') =>
    mark({ id, entryId, state, traveller: { ...TRAVELLER, passportNumber: 'CD7654321' } });
  const summary = (marks: FalseHitMark[], change: Partial<ScreeningInput> = {}) => {
    const result = screenBearer(input(marks, change), lists, TODAY);
    return {
      outcome: result.outcome,
      hits: result.hits.map((h) => `${h.code}:${h.details.entryId ?? ''}:${h.sparedBy ?? '-'}`),
      spared: isSparedReferral(result),
    };
  };

  it.each<[string, FalseHitMark[], Partial<ScreeningInput>, ReturnType<typeof summary>]>([
    [
      'no marks: both entries refer',
      [],
      {},
      {
        outcome: 'refer',
        hits: ['WATCHLIST:sample-0001:-', 'WATCHLIST:sample-0009:-'],
        spared: false,
      },
    ],
    [
      'one entry marked: the other still refers',
      [forTraveller('m1', 'sample-0001')],
      {},
      {
        outcome: 'refer',
        hits: ['WATCHLIST:sample-0001:m1', 'WATCHLIST:sample-0009:-'],
        spared: false,
      },
    ],
    [
      'both entries marked: approved, a referral spared',
      [forTraveller('m1', 'sample-0001'), forTraveller('m2', 'sample-0009')],
      {},
      {
        outcome: 'approve',
        hits: ['WATCHLIST:sample-0001:m1', 'WATCHLIST:sample-0009:m2'],
        spared: true,
      },
    ],
    [
      'both marked, but only proposed: both refer',
      [
        forTraveller('m1', 'sample-0001', 'proposed'),
        forTraveller('m2', 'sample-0009', 'proposed'),
      ],
      {},
      {
        outcome: 'refer',
        hits: ['WATCHLIST:sample-0001:-', 'WATCHLIST:sample-0009:-'],
        spared: false,
      },
    ],
    [
      'both marked, but the bearer declares problems with the law: referred for that',
      [forTraveller('m1', 'sample-0001'), forTraveller('m2', 'sample-0009')],
      { lawProblems: true },
      {
        outcome: 'refer',
        hits: ['WATCHLIST:sample-0001:m1', 'WATCHLIST:sample-0009:m2', 'LAW_PROBLEMS::-'],
        spared: false,
      },
    ],
    [
      'both marked, but the passport is on the lost list: referred for that',
      [forTraveller('m1', 'sample-0001'), forTraveller('m2', 'sample-0009')],
      { passportNumber: 'AB1234567' },
      {
        // The marks are for passport CD7654321: another passport is another traveller.
        outcome: 'refer',
        hits: ['LOST_DOCUMENT::-', 'WATCHLIST:sample-0001:-', 'WATCHLIST:sample-0009:-'],
        spared: false,
      },
    ],
  ])('%s', (_name, marks, change, expected) => {
    expect(summary(marks, change)).toEqual(expected);
  });
});
