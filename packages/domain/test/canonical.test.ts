// The canonical record (decision 013): a posted jsonForm is refused naming the field, or becomes
// exactly the record the browser would have built. Table-driven over the forged drafts.
import { describe, expect, it } from 'vitest';
import {
  type ApplicationDraft,
  bearerOf,
  blankDraft,
  canonicalRecord,
  storedTextIssues,
  TEXT_LIMITS,
  TODAY_TOLERANCE_DAYS,
  travellerToday,
  withBearer,
} from '../src/index.ts';
import {
  bornOn,
  buildDraft,
  groupDraft,
  occupationChoice,
  reference,
  TODAY,
  validDraft,
} from './fixtures.ts';
import { asJson, FORGED_DRAFTS } from './forged-drafts.ts';

const ctx = { today: TODAY, reference };
const recordOf = (input: unknown): ApplicationDraft => {
  const result = canonicalRecord(input, ctx);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result.record;
};

describe('canonicalRecord', () => {
  it('the draft the screens build is already canonical: stored exactly as built', () => {
    expect(canonicalRecord(asJson(validDraft()), ctx)).toEqual({
      ok: true,
      record: validDraft(),
      warnings: [],
    });
  });

  it('a group of two adults and a minor is stored as built, each with their relationship', () => {
    const myself = { applicant: { groupTypeId: '1:Myself' } };
    const group = groupDraft(
      { ...bornOn('1985-01-02', '2020-05-10', 'AB1234567'), ...myself },
      { ...bornOn('1987-03-04', '2020-05-10', 'AB7654321'), ...myself },
      { ...bornOn('2015-05-06', '2022-06-07', 'CH1234567'), ...myself },
    );
    const record = recordOf(asJson(group));
    expect(record).toEqual(group);
    expect(record.bearerList.map((b) => [b.passportNum, b.relationshipTypeId.Description])).toEqual(
      [
        ['AB1234567', 'Adult'],
        ['AB7654321', 'Adult'],
        ['CH1234567', 'Minor'],
      ],
    );
    // A forged relationship of the second traveller is not kept: the record sets it from the age.
    const forged = asJson(group) as ApplicationDraft;
    forged.bearerList[2]!.relationshipTypeId = { id: 2, Description: 'Adult' };
    expect(recordOf(forged).bearerList[2]?.relationshipTypeId.Description).toBe('Minor');
  });

  it('a draft built with a non-employed occupation is canonical too', () => {
    const draft = buildDraft({ personal: { companyOccupationTypeId: occupationChoice(3) } });
    expect(recordOf(asJson(draft))).toEqual(draft);
  });

  describe.each(FORGED_DRAFTS)('forged: $name', ({ forge, outcome }) => {
    const result = canonicalRecord(forge(asJson(validDraft())), ctx);

    if ('refused' in outcome) {
      it(`is refused: ${outcome.refused.field} ${outcome.refused.message}`, () => {
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.issues).toContainEqual(
          expect.objectContaining({ ...outcome.refused, severity: 'error' }),
        );
      });
    } else {
      it('is stored in canonical form', () => {
        expect(result).toEqual({ ok: true, record: outcome.stored(validDraft()), warnings: [] });
      });

      it('its record is canonical: rebuilt again it does not change', () => {
        if (!result.ok) throw new Error('refused');
        expect(recordOf(asJson(result.record))).toEqual(result.record);
      });
    }
  });

  it('today decides the document expiry and the relationship', () => {
    const record = recordOf(asJson(validDraft()));
    // The earlier of passport expiry (2030-05-09) and two years from today.
    expect(bearerOf(record).bearerDocExpireDate).toBe('2028-11-22');
    const arrivingLater = withBearer(validDraft(), { estimatedArrivalDate: '2029-03-15' });
    const later = canonicalRecord(asJson(arrivingLater), { ...ctx, today: '2029-01-01' });
    if (!later.ok) throw new Error('refused');
    expect(bearerOf(later.record).bearerDocExpireDate).toBe('2030-05-09');
    // 18 on 2026-07-04: a minor the day before.
    const teenager = withBearer(validDraft(), { birthDate: '2008-11-23' });
    expect(bearerOf(recordOf(asJson(teenager))).relationshipTypeId).toEqual({
      id: 1,
      Description: 'Minor',
    });
    const adult = withBearer(validDraft(), { birthDate: '2008-11-22' });
    expect(bearerOf(recordOf(asJson(adult))).relationshipTypeId).toEqual({
      id: 2,
      Description: 'Adult',
    });
  });

  it('keeps the warnings of the rules (they do not block)', () => {
    const soon = withBearer(validDraft(), { passportExpireDate: '2027-06-01' });
    const result = canonicalRecord(asJson(soon), ctx);
    expect(result.ok && result.warnings.map((w) => w.message)).toEqual(['expirySoonWarning']);
  });
});

describe('storedTextIssues: every string of the record has a limit', () => {
  it('the valid record and the blank template are within every limit', () => {
    expect(storedTextIssues(validDraft())).toEqual([]);
    expect(storedTextIssues(blankDraft())).toEqual([]);
  });

  it.each([
    [
      'markup in a Description',
      { nationalityId: { id: 840, Description: '<b>USA</b>' } },
      'nationalityId',
      'restrictedCharacters',
    ],
    [
      'a control character in a Description',
      { gender: { id: 2, Description: 'Female\u0007' } },
      'gender',
      'restrictedCharacters',
    ],
    [
      'a Description of 101 characters',
      { gender: { id: 2, Description: 'F'.repeat(101) } },
      'gender',
      'tooLong',
    ],
    ['a small-letter name', { firstName: 'jane' }, 'firstName', 'restrictedCharacters'],
    ['a company name of 51 characters', { companyName: 'A'.repeat(51) }, 'companyName', 'tooLong'],
    ['a date with a time', { birthDate: '1990-07-04T00:00' }, 'birthDate', 'tooLong'],
  ] as const)('%s is reported on its field', (_, change, field, message) => {
    const record = withBearer(validDraft(), change as Parameters<typeof withBearer>[1]);
    expect(storedTextIssues(record)).toEqual([{ field, message, severity: 'error' }]);
  });

  it('every text of the shipped reference lists fits the limits of the record', () => {
    const texts = [
      ...reference.allcountry.map((c) => c.Official_country_name),
      ...reference.entryReasons.map((r) => r.Description),
      ...reference.lengthofstay.map((s) => s.Description),
      ...reference.passportType.map((t) => t.docTypeDesc),
      ...reference.gender.map((g) => g.Gender),
      ...reference.maritalstatus.map((m) => m.Description),
      ...reference.occupation.map((o) => o.Description),
    ];
    const { max, pattern } = TEXT_LIMITS.Description;
    expect(texts.filter((t) => t.length > max || !pattern.test(t))).toEqual([]);
    const codes = reference.allcountry.map((c) => c.COUNTRY_CODE);
    expect(codes.filter((c) => !TEXT_LIMITS.COUNTRY_CODE.pattern.test(c))).toEqual([]);
  });

  it('a string under a key without a limit is reported, not stored', () => {
    expect(storedTextIssues({ ...validDraft(), remark: 'x' })).toEqual([
      { field: 'remark', message: 'draftMalformed', severity: 'error' },
    ]);
  });

  it('no limit lets markup or control characters through', () => {
    for (const [field, limit] of Object.entries(TEXT_LIMITS)) {
      for (const bad of ['<', '>', '\u0000', '\n', '\u202e']) {
        expect(limit.pattern.test(`A${bad}`), `${field} accepts ${JSON.stringify(bad)}`).toBe(
          false,
        );
      }
      expect(limit.max, field).toBeLessThanOrEqual(250);
    }
  });
});

describe('travellerToday: the service date, moved at most one day by the traveller zone', () => {
  it.each([
    ['no stated date', undefined, '2026-11-22'],
    ['the same date', '2026-11-22', '2026-11-22'],
    ['a day behind (Honolulu)', '2026-11-21', '2026-11-21'],
    ['a day ahead (Kiritimati)', '2026-11-23', '2026-11-23'],
    ['two days behind', '2026-11-20', '2026-11-22'],
    ['two days ahead', '2026-11-24', '2026-11-22'],
    ['a year ahead', '2027-11-22', '2026-11-22'],
    ['not a date', '2026-11-22x', '2026-11-22'],
  ])('%s: %s gives %s', (_, stated, expected) => {
    expect(TODAY_TOLERANCE_DAYS).toBe(1);
    expect(travellerToday('2026-11-22', stated)).toBe(expected);
  });

  it('across a month and a year end', () => {
    expect(travellerToday('2027-01-01', '2026-12-31')).toBe('2026-12-31');
    expect(travellerToday('2026-12-31', '2027-01-01')).toBe('2027-01-01');
    expect(travellerToday('2027-03-01', '2027-02-28')).toBe('2027-02-28');
  });
});
