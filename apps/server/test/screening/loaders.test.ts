// Issue 10 "Automated screening": the list loaders read the CSV files once, skip and count the
// lines they cannot read, and default to the sample lists shipped in apps/server/src/screening/samples/.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ScreeningInput, screenBearer } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { afterAll, describe, expect, it } from 'vitest';
import {
  loadScreeningLists,
  SAMPLE_LOST_DOCUMENTS_PATH,
  SAMPLE_WATCHLIST_PATH,
  screeningListPaths,
} from '../../src/screening/lists.ts';
import { parseLostDocuments } from '../../src/screening/lost-documents.ts';
import { parseWatchlist } from '../../src/screening/watchlist.ts';

const countries = referenceData.allcountry;
const HEADER =
  'id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,dataset,first_seen,last_seen,last_change';
const row = (fields: Partial<Record<string, string>>) =>
  [
    fields.id ?? 'x-1',
    fields.schema ?? 'Person',
    fields.name ?? 'Jane Listed',
    fields.aliases ?? '',
    fields.birth_date ?? '',
    fields.countries ?? '',
    '',
    '',
    fields.sanctions ?? '',
    '',
    '',
    'test',
    '',
    '',
    fields.last_change ?? '',
  ].join(',');

describe('lost documents CSV (LOST_DOCUMENTS_PATH)', () => {
  it('reads issuing country (alpha-3 or alpha-2) and normalized number', () => {
    const text = [
      'issuing_country,document_number,reported_on',
      'USA,ab 123-4567,2026-01-02',
      'gb,123456789,',
    ].join('\n');
    expect(parseLostDocuments(text, countries)).toEqual({
      items: [
        { issuingCountry: 'USA', documentNumber: 'AB1234567', reportedOn: '2026-01-02' },
        { issuingCountry: 'GBR', documentNumber: '123456789', reportedOn: '' },
      ],
      skipped: 0,
    });
  });

  it('skips and counts malformed lines and values it does not understand, never throws', () => {
    const text = [
      'issuing_country,document_number,reported_on',
      'USA,GOOD12345,2026-01-02',
      'USA,TOO,MANY,FIELDS',
      'USA,BAD"QUOTE1,2026-01-02',
      'ZZZ,UNKNOWN12,2026-01-02',
      'USA,,2026-01-02',
      'USA,SHORT,02/01/2026',
      'FRA,GOOD67890,2026-03-04',
    ].join('\n');
    const { items, skipped } = parseLostDocuments(text, countries);
    expect(items.map((d) => d.documentNumber)).toEqual(['GOOD12345', 'GOOD67890']);
    expect(skipped).toBe(5);
  });
});

describe('watchlist CSV (WATCHLIST_PATH, OpenSanctions targets.simple.csv layout)', () => {
  it('reads persons with aliases, birth dates and countries split on ";"', () => {
    const text = [
      HEADER,
      row({
        id: 'os-1',
        name: 'Vladimir Putin',
        aliases: '"Владимир Путин;Vladimir Vladimirovich Putin"',
        birth_date: '1952-10-07;1952',
        countries: 'ru;SU;suhh',
        sanctions: '"EU, UK"',
        last_change: '2026-03-01T10:20:30',
      }),
    ].join('\n');
    expect(parseWatchlist(text)).toEqual({
      items: [
        {
          id: 'os-1',
          name: 'Vladimir Putin',
          aliases: ['Владимир Путин', 'Vladimir Vladimirovich Putin'],
          birthDates: ['1952-10-07', '1952'],
          countries: ['ru', 'su'],
          listedOn: 'EU, UK',
          lastChange: '2026-03-01T10:20:30',
        },
      ],
      skipped: 0,
      notPersons: 0,
    });
  });

  it('leaves out other schemas, and skips and counts malformed lines', () => {
    const text = [
      HEADER,
      row({ id: 'ok-1', name: 'Anna Good' }),
      row({ id: 'co-1', schema: 'Company', name: 'Example Ltd' }),
      'broken,Person,too few fields',
      row({ id: 'q-1', name: 'Bad "Quote" Name' }),
      row({ id: '', name: 'No Id' }),
      row({ id: 'n-1', name: '' }),
      row({ id: 'ok-2', name: 'Boris Good' }),
    ].join('\n');
    const { items, skipped, notPersons } = parseWatchlist(text);
    expect(items.map((e) => e.id)).toEqual(['ok-1', 'ok-2']);
    expect(notPersons).toBe(1);
    expect(skipped).toBe(4);
  });
});

describe('loadScreeningLists', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eta-screening-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to the sample lists when the variables are unset or empty', () => {
    expect(screeningListPaths({})).toEqual({
      lostDocumentsPath: SAMPLE_LOST_DOCUMENTS_PATH,
      watchlistPath: SAMPLE_WATCHLIST_PATH,
    });
    expect(screeningListPaths({ LOST_DOCUMENTS_PATH: '', WATCHLIST_PATH: '/w.csv' })).toEqual({
      lostDocumentsPath: SAMPLE_LOST_DOCUMENTS_PATH,
      watchlistPath: '/w.csv',
    });
  });

  it('the sample lists hold a dozen entries each and read without a skipped line', async () => {
    const { report } = await loadScreeningLists(screeningListPaths({}), countries);
    expect(report).toEqual({
      lostDocuments: 12,
      lostDocumentsSkipped: 0,
      watchlistPersons: 12,
      watchlistSkipped: 0,
      watchlistNotPersons: 1,
    });
  });

  it('screens a bearer against the lists read from the given files', async () => {
    const lostDocumentsPath = join(dir, 'lost.csv');
    const watchlistPath = join(dir, 'watchlist.csv');
    writeFileSync(lostDocumentsPath, 'issuing_country,document_number,reported_on\nUSA,X1,bad\n');
    writeFileSync(
      watchlistPath,
      `${HEADER}\n${row({ name: 'Ivan Sidorov', birth_date: '1961' })}\n`,
    );
    const { lists, report } = await loadScreeningLists(
      { lostDocumentsPath, watchlistPath },
      countries,
    );
    expect(report.lostDocumentsSkipped).toBe(1);
    const input: ScreeningInput = {
      firstName: 'Иван',
      lastName: 'Сидоров',
      birthDate: '1961-03-14',
      nationalityCountryId: null,
      otherNationalityCountryIds: [],
      passportCountryId: null,
      passportCountryCode: '',
      passportNumber: '',
      passportExpiryDate: '2030-01-01',
      arrivalDate: '2027-01-01',
      lengthOfStayCode: 1,
      lawProblems: false,
      declaredRefusal: false,
      declaredRefusalText: '',
      anotherVisaRequest: false,
      anotherVisaRequestText: '',
      storedRefusals: [],
      falseHitMarks: [],
    };
    const watchlistHits = screenBearer(input, lists, '2026-11-24').hits.filter(
      (h) => h.code === 'WATCHLIST',
    );
    expect(watchlistHits.map((h) => h.details.listedName)).toEqual(['Ivan Sidorov']);
  });

  it('a configured file that does not exist fails the start-up with its path', async () => {
    const missing = join(dir, 'missing.csv');
    await expect(
      loadScreeningLists(
        { lostDocumentsPath: missing, watchlistPath: SAMPLE_WATCHLIST_PATH },
        countries,
      ),
    ).rejects.toThrow(missing);
  });
});
