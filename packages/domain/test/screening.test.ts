// Issue 10 "Automated screening": each rule with a hit and a miss, the outcome, and the mapper
// from the jsonForm bearer.
import { describe, expect, it } from 'vitest';
import {
  buildLostDocumentIndex,
  buildWatchlistIndex,
  NAME_MATCH_THRESHOLD,
  NAME_MATCH_THRESHOLD_UNCORROBORATED,
  nameForm,
  nameSimilarity,
  REASON_CODES,
  SCREENING_RULES,
  type ScreeningInput,
  type ScreeningLists,
  screenBearer,
  screeningInputFromBearer,
  screeningMessages,
  searchWatchlist,
  type WatchlistEntry,
} from '../src/index.ts';
import { buildDraft, country, reference, TODAY } from './fixtures.ts';

const person = (id: string, name: string, more: Partial<WatchlistEntry> = {}): WatchlistEntry => ({
  id,
  name,
  aliases: [],
  birthDates: [],
  countries: [],
  listedOn: 'Test list',
  lastChange: '',
  ...more,
});

const WATCHLIST = [
  person('putin', 'Vladimir Putin', {
    aliases: ['Vladimir Vladimirovich Putin', 'Владимир Владимирович Путин'],
    birthDates: ['1952-10-07'],
    countries: ['ru'],
  }),
  person('navalny', 'Alexei Navalny', { birthDates: ['1976'], countries: ['ru'] }),
  person('abdullah', 'Mohammed Abdullah', { countries: ['ye'] }),
  person('clinton', 'Hillary Rodham Clinton', { birthDates: ['1947-10-26'], countries: ['us'] }),
];

const lists: ScreeningLists = {
  lostDocuments: buildLostDocumentIndex([
    { issuingCountry: 'USA', documentNumber: 'LOST12345', reportedOn: '2026-01-02' },
  ]),
  watchlist: buildWatchlistIndex(WATCHLIST),
  countries: reference.allcountry,
};

/** A clean bearer: every rule misses. */
const clean = (): ScreeningInput => ({
  firstName: 'JANE MARY',
  lastName: 'DOE',
  birthDate: '1990-07-04',
  nationalityCountryId: country('USA').EXT_COUNTRY_ID,
  otherNationalityCountryIds: [country('GBR').EXT_COUNTRY_ID],
  passportCountryId: country('USA').EXT_COUNTRY_ID,
  passportCountryCode: 'USA',
  passportNumber: 'AB1234567',
  passportExpiryDate: '2030-05-09',
  arrivalDate: '2027-03-15',
  lengthOfStayCode: 2,
  lawProblems: false,
  declaredRefusal: false,
  declaredRefusalText: '',
  anotherVisaRequest: false,
  anotherVisaRequestText: '',
  storedRefusals: [],
  falseHitMarks: [],
});

const screen = (changes: Partial<ScreeningInput>) =>
  screenBearer({ ...clean(), ...changes }, lists, TODAY);
const codes = (changes: Partial<ScreeningInput>) => screen(changes).hits.map((h) => h.code);

describe('screening outcome', () => {
  it('no hit approves, and names every rule checked', () => {
    const result = screen({});
    expect(result).toEqual({
      outcome: 'approve',
      hits: [],
      rulesChecked: [...REASON_CODES],
      screenedOn: TODAY,
    });
  });

  it('any hit refers to an officer with the hit, its score and its explanation id', () => {
    const result = screen({ lawProblems: true });
    expect(result.outcome).toBe('refer');
    expect(result.hits).toEqual([
      { code: 'LAW_PROBLEMS', messageId: 'screeningLawProblems', score: 1, details: {} },
    ]);
  });

  it('every reason code has one rule and an English explanation', () => {
    expect(SCREENING_RULES.map((r) => r.code)).toEqual([...REASON_CODES]);
    for (const rule of SCREENING_RULES) expect(screeningMessages[rule.messageId]).toMatch(/\.$/);
  });
});

describe('rule LOST_DOCUMENT: exact match on issuing country and normalized number', () => {
  it('hits the listed number, written with spaces, hyphens or lower case', () => {
    expect(codes({ passportNumber: 'lost-123 45' })).toEqual(['LOST_DOCUMENT']);
    expect(screen({ passportNumber: 'LOST12345' }).hits[0]?.details).toEqual({
      reportedOn: '2026-01-02',
    });
  });

  it('misses the same number from another country, and a near number', () => {
    expect(codes({ passportNumber: 'LOST12345', passportCountryCode: 'GBR' })).toEqual([]);
    expect(codes({ passportNumber: 'LOST12346' })).toEqual([]);
  });
});

describe('rule WATCHLIST: names across scripts and spellings, with birth date and nationality', () => {
  const putin = {
    birthDate: '1952-10-07',
    nationalityCountryId: country('RUS').EXT_COUNTRY_ID,
    otherNationalityCountryIds: [],
    passportCountryId: country('RUS').EXT_COUNTRY_ID,
    passportCountryCode: 'RUS',
  };

  it.each([
    ['Latin', 'VLADIMIR', 'PUTIN'],
    ['Latin, order swapped', 'PUTIN', 'VLADIMIR'],
    ['Latin, a typo', 'VLADIMIR', 'PUTTIN'],
    ['Latin, middle name', 'VLADIMIR VLADIMIROVICH', 'PUTIN'],
    ['Cyrillic', 'Владимир', 'Путин'],
    ['Arabic', 'فلاديمير', 'بوتين'],
    ['Hebrew', 'ולדימיר', 'פוטין'],
  ])('%s: %s %s is referred to Vladimir Putin', (_, firstName, lastName) => {
    const [hit, ...others] = screen({ ...putin, firstName, lastName }).hits;
    expect(others).toEqual([]);
    expect(hit).toMatchObject({
      code: 'WATCHLIST',
      details: {
        entryId: 'putin',
        birthDate: 'exact',
        nationality: 'confirmed',
        // The listed person as the list gives them, for the officer's side-by-side comparison.
        listedBirthDates: '1952-10-07',
        listedCountries: 'ru',
        listedOn: 'Test list',
      },
    });
    expect(hit?.score).toBeGreaterThanOrEqual(0.9);
  });

  it.each([
    ['Cyrillic', 'Алексей', 'Навальный', 'navalny', '1976-06-04', 'RUS'],
    ['Arabic', 'محمد', 'عبد الله', 'abdullah', '1970-01-01', 'YEM'],
    ['Hebrew', 'מוחמד', 'עבדאללה', 'abdullah', '1970-01-01', 'YEM'],
    ['Arabic', 'هيلاري', 'كلينتون', 'clinton', '1947-10-26', 'GBR'],
    ['Hebrew', 'הילרי', 'קלינטון', 'clinton', '1947-10-26', 'GBR'],
  ])('%s: %s %s matches the Latin entry %s', (_, firstName, lastName, id, birthDate, code) => {
    const hits = screen({
      firstName,
      lastName,
      birthDate,
      nationalityCountryId: country(code).EXT_COUNTRY_ID,
    }).hits.filter((h) => h.code === 'WATCHLIST');
    expect(hits.map((h) => h.details.entryId)).toEqual([id]);
  });

  it('a name compared on consonant skeletons (abjad) needs a birth date or nationality too', () => {
    // The list's birth date is a year only for Navalny; the traveller is American.
    expect(codes({ firstName: 'Алексей', lastName: 'Навальный', birthDate: '1976-06-04' })).toEqual(
      ['WATCHLIST'],
    );
    const british = {
      birthDate: '1947-01-01',
      nationalityCountryId: country('GBR').EXT_COUNTRY_ID,
      passportCountryId: country('GBR').EXT_COUNTRY_ID,
      otherNationalityCountryIds: [],
    };
    expect(codes({ ...british, firstName: 'هيلاري', lastName: 'كلينتون' })).toEqual([]);
    expect(codes({ ...british, firstName: 'HILLARY', lastName: 'CLINTON' })).toEqual(['WATCHLIST']);
  });

  it('misses a different name, and a surname alone', () => {
    expect(codes({ ...putin, firstName: 'BORIS', lastName: 'PETROV' })).toEqual([]);
    expect(codes({ ...putin, firstName: 'ANNA', lastName: 'PUTIN' })).toEqual([]);
  });

  it('misses the same name with a birth year the list contradicts', () => {
    expect(
      codes({ ...putin, firstName: 'VLADIMIR', lastName: 'PUTIN', birthDate: '1990-10-07' }),
    ).toEqual([]);
  });

  it('another nationality without a confirmed birth date needs a closer name', () => {
    const american = {
      firstName: 'MOHAMAD',
      lastName: 'ABDALAH',
      nationalityCountryId: country('USA').EXT_COUNTRY_ID,
    };
    const score = nameSimilarity(nameForm('MOHAMAD ABDALAH'), nameForm('Mohammed Abdullah'));
    expect(score).toBeGreaterThanOrEqual(NAME_MATCH_THRESHOLD);
    expect(score).toBeLessThan(NAME_MATCH_THRESHOLD_UNCORROBORATED);
    // Listed for Yemen with no birth date: a US national with a spelling variant is not referred,
    expect(codes(american)).toEqual([]);
    // a Yemeni one is,
    expect(
      codes({ ...american, otherNationalityCountryIds: [country('YEM').EXT_COUNTRY_ID] }),
    ).toContain('WATCHLIST');
    // but the exact name is.
    expect(codes({ ...american, firstName: 'MOHAMMED', lastName: 'ABDULLAH' })).toEqual([
      'WATCHLIST',
    ]);
  });
});

describe('watchlist index (blocking)', () => {
  const index = buildWatchlistIndex([
    person('a', 'Simon Ulomo', { birthDates: ['1940-12-28'] }),
    person('b', 'Abd Allah Haddad'),
    person('c', 'Simon Ulomo', { birthDates: ['1950'] }),
  ]);
  const found = (name: string, birthDate: string) =>
    searchWatchlist(index, nameForm(name), NAME_MATCH_THRESHOLD, birthDate).map((m) => m.entry.id);

  it('finds a short name with one consonant mistyped (both its keys change)', () => {
    expect(found('SIMON ULKOMO', '1940-12-28')).toEqual(['a']);
  });

  it('finds a name split differently ("Abdallah" / "Abd Allah")', () => {
    expect(found('ABDALLAH HADDAD', '1980-01-01')).toEqual(['b']);
  });

  it('compares only persons of the same birth year or of none', () => {
    expect(found('SIMON ULOMO', '1950-05-05')).toEqual(['c']);
    expect(found('SIMON ULOMO', '1960-05-05')).toEqual([]);
  });

  it('a bearer without a birth date is compared with persons of every year and of none', () => {
    expect(found('SIMON ULOMO', '').sort()).toEqual(['a', 'c']);
    expect(found('ABD ALLAH HADDAD', '')).toEqual(['b']);
  });

  describe('persons listed without a birth date (filed apart from every year)', () => {
    const undated = buildWatchlistIndex([
      person('d', 'Simon Ulomo'),
      person('f', 'Simon Peters', { birthDates: ['1971'] }),
    ]);
    const foundUndated = (name: string, birthDate: string) =>
      searchWatchlist(undated, nameForm(name), NAME_MATCH_THRESHOLD, birthDate).map(
        (m) => m.entry.id,
      );

    it('are compared with a bearer of any birth year', () => {
      for (const birthDate of ['1940-01-01', '1999-12-31', '']) {
        expect(foundUndated('SIMON ULOMO', birthDate)).toEqual(['d']);
      }
    });

    it('are found with one key shared and a token one consonant class apart', () => {
      // ULKOMO shares no key with ULOMO (lm / lkm): only SIMON's key is shared.
      expect(foundUndated('SIMON ULKOMO', '1980-05-05')).toEqual(['d']);
    });

    it('a shared first name alone with an unlike surname is no candidate', () => {
      expect(foundUndated('SIMON KOWALSKI', '1971-03-03')).toEqual([]);
    });
  });
});

describe('rules on the history answers (SPEC §5 Personal details 2/2)', () => {
  it.each([
    ['LAW_PROBLEMS', { lawProblems: true }],
    ['DECLARED_REFUSAL', { declaredRefusal: true, declaredRefusalText: 'Visa, 2019' }],
    ['ANOTHER_VISA_REQUEST', { anotherVisaRequest: true, anotherVisaRequestText: 'Work visa' }],
  ] as const)('%s hits on a yes and misses on a no', (code, yes) => {
    expect(codes(yes)).toEqual([code]);
    expect(codes({})).toEqual([]);
  });

  it('the description the traveller gave goes with the hit', () => {
    expect(
      screen({ declaredRefusal: true, declaredRefusalText: 'Visa, 2019' }).hits[0]?.details,
    ).toEqual({ description: 'Visa, 2019' });
  });
});

describe('rule STORED_REFUSAL: refusals stored here for the same passport', () => {
  const refusal = {
    applicationNumber: 'ETA-1',
    refusedOn: '2025-05-05',
    passportCountry: 'USA',
    passportNumber: 'ab 1234567',
  };

  it('hits a refusal of the same passport', () => {
    expect(screen({ storedRefusals: [refusal] }).hits).toEqual([
      {
        code: 'STORED_REFUSAL',
        messageId: 'screeningStoredRefusal',
        score: 1,
        details: { applicationNumber: 'ETA-1', refusedOn: '2025-05-05' },
      },
    ]);
  });

  it('misses refusals of another passport or another country', () => {
    const others = [
      { ...refusal, passportNumber: 'AB7654321' },
      { ...refusal, passportCountry: 'GBR' },
    ];
    expect(codes({ storedRefusals: others })).toEqual([]);
  });
});

describe('rules on passport validity: valid until the end of the visit', () => {
  it('expiry before the arrival date', () => {
    expect(codes({ passportExpiryDate: '2027-03-14' })).toEqual([
      'PASSPORT_EXPIRES_BEFORE_ARRIVAL',
    ]);
  });

  it('expiry during the visit (length of stay 2: up to 2 weeks)', () => {
    expect(codes({ passportExpiryDate: '2027-03-28' })).toEqual(['PASSPORT_EXPIRES_DURING_VISIT']);
    expect(codes({ passportExpiryDate: '2027-03-29' })).toEqual([]);
  });

  it('an unknown length of stay counts as the 90-day maximum', () => {
    expect(codes({ lengthOfStayCode: null, passportExpiryDate: '2027-06-12' })).toEqual([
      'PASSPORT_EXPIRES_DURING_VISIT',
    ]);
    expect(codes({ lengthOfStayCode: null, passportExpiryDate: '2027-06-13' })).toEqual([]);
  });

  it('a missing expiry or arrival date is referred', () => {
    expect(codes({ passportExpiryDate: '' })).toEqual(['PASSPORT_EXPIRES_BEFORE_ARRIVAL']);
    expect(codes({ arrivalDate: '' })).toEqual(['PASSPORT_EXPIRES_BEFORE_ARRIVAL']);
  });
});

describe('rules on nationality (reference data)', () => {
  it('NATIONALITY_NOT_ELIGIBLE: a passport country or nationality outside the exempt list', () => {
    const india = country('IND').EXT_COUNTRY_ID;
    expect(screen({ nationalityCountryId: india }).hits.map((h) => h.details)).toEqual([
      { country: 'IND' },
    ]);
    expect(codes({ passportCountryId: india, nationalityCountryId: india })).toEqual([
      'NATIONALITY_NOT_ELIGIBLE',
    ]);
  });

  it('ENEMY_NATIONALITY: any nationality held of an enemy state, additional ones included', () => {
    const iran = country('IRN').EXT_COUNTRY_ID;
    expect(codes({ otherNationalityCountryIds: [iran] })).toEqual(['ENEMY_NATIONALITY']);
    expect(codes({ nationalityCountryId: iran })).toEqual(['ENEMY_NATIONALITY']);
  });

  it('misses an exempt nationality with an exempt additional one', () => {
    expect(codes({ otherNationalityCountryIds: [country('FRA').EXT_COUNTRY_ID] })).toEqual([]);
  });
});

describe('screeningInputFromBearer: the canonical jsonForm bearer', () => {
  it('maps the valid draft, which screens clean once the other visa request is answered no', () => {
    const bearer = buildDraft({
      history: { anotherVisaRequestYN: '0', anotherVisaRequestDesc: '' },
    }).bearerList[0];
    if (!bearer) throw new Error('no bearer');
    const input = screeningInputFromBearer(bearer);
    expect(input).toEqual({
      ...clean(),
      passportExpiryDate: '2030-05-09',
      storedRefusals: [],
      falseHitMarks: [],
    });
    expect(screenBearer(input, lists, TODAY).outcome).toBe('approve');
  });

  it('carries the history answers and the stored refusals', () => {
    const bearer = buildDraft({
      history: {
        previousRequestDeniedYN: '1',
        previousRequestDeniedDesc: 'Visa, 2019',
        lawProblemsYN: '1',
      },
    }).bearerList[0];
    if (!bearer) throw new Error('no bearer');
    const refusal = {
      applicationNumber: 'ETA-1',
      refusedOn: '2025-05-05',
      passportCountry: 'USA',
      passportNumber: 'AB1234567',
    };
    const result = screenBearer(screeningInputFromBearer(bearer, [refusal]), lists, TODAY);
    expect(result.hits.map((h) => h.code)).toEqual([
      'LAW_PROBLEMS',
      'DECLARED_REFUSAL',
      'ANOTHER_VISA_REQUEST',
      'STORED_REFUSAL',
    ]);
  });
});
