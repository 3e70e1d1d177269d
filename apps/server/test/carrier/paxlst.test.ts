// PAXLST in, CUSRES out, without a server: the message read into the check's request, every
// way a message can be broken answered with a problem at its segment, release characters and
// non-ASCII names both ways, and the answer read back with the same parser.
import { readFileSync } from 'node:fs';
import type { CarrierCheckResult } from '@eta-il/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cusresAnswer, cusresError } from '../../src/carrier/paxlst/cusres.ts';
import { dtmDate, parsePaxlst } from '../../src/carrier/paxlst/parse.ts';
import {
  DEFAULT_SEPARATORS,
  decodeInterchange,
  readSegments,
  writeSegments,
} from '../../src/carrier/paxlst/syntax.ts';
import { PASSENGERS, paxlstSegments, paxlstText } from './paxlst-fixture.ts';

const context = { now: new Date('2026-03-01T12:05:00Z'), serviceId: 'ETAIL' };

const parsed = (text: string) => {
  const result = parsePaxlst(text);
  if (!result.ok) throw new Error(`not read: ${JSON.stringify(result.problems)}`);
  return result;
};

const problemsOf = (text: string) => {
  const result = parsePaxlst(text);
  if (result.ok) throw new Error('read, though broken');
  return result.problems;
};

/** The segments with one replaced (by its text's start) or removed. */
const replaced = (start: string, by: string | null, segments = paxlstSegments()) =>
  segments.flatMap((s) => (s.startsWith(start) ? (by === null ? [] : [by]) : [s]));

/** A message with its UNT count made right after a change. */
const recounted = (segments: string[]) => {
  const unh = segments.findIndex((s) => s.startsWith('UNH'));
  const unt = segments.findIndex((s) => s.startsWith('UNT'));
  return segments.map((s, i) => (i === unt ? `UNT+${unt - unh + 1}+PAX001` : s));
};

describe('PAXLST → the check request', () => {
  it('reads the flight and two passengers as the JSON check takes them', () => {
    const { request, echoes } = parsed(paxlstText());
    expect(request).toEqual({
      flight: { carrier: 'LY', number: '1', departureDate: '2026-03-01', from: 'JFK' },
      passengers: [
        {
          reference: '1A',
          documentNumber: '123456789',
          issuingCountry: 'GBR',
          nationality: 'GBR',
          birthDate: '1985-02-14',
          surname: 'SMITH',
          givenNames: 'JOHN PAUL',
        },
        {
          reference: '2B',
          documentNumber: '18AB12345',
          issuingCountry: 'FRA',
          nationality: 'FRA',
          birthDate: '2001-06-30',
          surname: 'DUPONT',
          givenNames: 'MARIE',
        },
      ],
    });
    expect(echoes[0]?.references).toEqual([
      { qualifier: 'AVF', value: 'QWE123' },
      { qualifier: 'ABO', value: '1A' },
    ]);
  });

  it('reads the same message without UNA, and without UNG/UNE', () => {
    const bare = paxlstSegments().filter((s) => !/^UN[GE]/.test(s));
    expect(parsed(paxlstText(bare, false)).request).toEqual(parsed(paxlstText()).request);
  });

  it('takes the booking reference (AVF) when there is no passenger reference (ABO), and the place in the list when there is neither', () => {
    const passengers = [
      { ...PASSENGERS[0]!, references: ['AVF:ZZZ999'] },
      { ...PASSENGERS[1]!, references: [] },
    ];
    const { request } = parsed(paxlstText(paxlstSegments(passengers)));
    expect(request.passengers.map((p) => p.reference)).toEqual(['ZZZ999', '2']);
  });

  it('takes the passport, not the visa, as the travel document, with the LOC+91 that follows it', () => {
    const segments = paxlstSegments([PASSENGERS[0]!]).flatMap((s) =>
      s.startsWith('DOC+P') ? ['DOC+V:110:111+VISA777', 'LOC+91+ISR', s] : [s],
    );
    const [passenger] = parsed(paxlstText(recounted(segments))).request.passengers;
    expect(passenger).toMatchObject({ documentNumber: '123456789', issuingCountry: 'GBR' });
  });

  it("reads release characters: ?+ ?: ?' and ?? inside a name", () => {
    const passengers = [{ ...PASSENGERS[0]!, name: "O?'NEIL?+SONS:ANN??MARIE?:JO" }];
    const [passenger] = parsed(paxlstText(paxlstSegments(passengers))).request.passengers;
    expect(passenger?.surname).toBe("O'NEIL+SONS");
    expect(passenger?.givenNames).toBe('ANN?MARIE:JO');
  });

  it('reads names with letters beyond ASCII under UNOC and UNOY, from UTF-8 and from ISO 8859-1 bytes', () => {
    const passengers = [{ ...PASSENGERS[0]!, name: 'MÜLLER-ÇELIK:JOSÉ' }];
    for (const level of ['UNOC', 'UNOY']) {
      const text = paxlstText(paxlstSegments(passengers, level));
      const [passenger] = parsed(text).request.passengers;
      expect(passenger).toMatchObject({ surname: 'MÜLLER-ÇELIK', givenNames: 'JOSÉ' });
    }
    const latin1 = Buffer.from(paxlstText(paxlstSegments(passengers, 'UNOC')), 'latin1');
    const decoded = decodeInterchange(latin1);
    expect(decoded.encoding).toBe('latin1');
    expect(parsed(decoded.text).request.passengers[0]?.surname).toBe('MÜLLER-ÇELIK');
    const utf8 = decodeInterchange(
      Buffer.from(paxlstText(paxlstSegments(passengers, 'UNOY')), 'utf8'),
    );
    expect(utf8.encoding).toBe('utf-8');
    expect(parsed(utf8.text).request.passengers[0]?.givenNames).toBe('JOSÉ');
  });

  it('reads other service characters named by UNA', () => {
    const custom = { component: '*', element: '|', decimal: ',', release: '!', segment: '~' };
    const text = paxlstSegments()
      .map((s) => `${s.replaceAll('+', '|').replaceAll(':', '*')}~`)
      .join('');
    expect(parsed(`UNA*|,! ~${text}`).request).toEqual(parsed(paxlstText()).request);
    expect(parsed(`UNA*|,! ~${text}`).envelope.separators).toEqual(custom);
  });

  it('gives two-digit birth years the century that keeps them before the flight; a birth date that is no date goes on as sent', () => {
    expect(dtmDate('560620', '2026-03-01')).toBe('1956-06-20');
    expect(dtmDate('260301', '2026-03-01')).toBe('2026-03-01');
    expect(dtmDate('260302', '2026-03-01')).toBe('1926-03-02');
    expect(dtmDate('19560620', '2026-03-01')).toBe('1956-06-20');
    expect(dtmDate('2603011830')).toBe('2026-03-01');
    expect(dtmDate('990230')).toBeUndefined();
    const passengers = [{ ...PASSENGERS[0]!, birth: '851340' }];
    expect(parsed(paxlstText(paxlstSegments(passengers))).request.passengers[0]?.birthDate).toBe(
      '851340',
    );
  });
});

describe('a PAXLST that cannot be read: each problem named, with its segment', () => {
  const segmentCount = paxlstSegments().length;
  it.each([
    ['no UNT', replaced('UNT', null), { code: '13', tag: 'UNT' }],
    [
      'a UNT that miscounts',
      replaced('UNT', 'UNT+5+PAX001'),
      { code: '29', tag: 'UNT', position: segmentCount - 2 },
    ],
    [
      'a UNT of another message',
      replaced('UNT', `UNT+${segmentCount - 4}+OTHER`),
      { code: '28', tag: 'UNT' },
    ],
    ['a UNZ of another interchange', replaced('UNZ', 'UNZ+1+OTHER'), { code: '28', tag: 'UNZ' }],
    ['no UNB', replaced('UNB', null), { code: '13', tag: 'UNB' }],
    ['a crew list', replaced('BGM', 'BGM+250'), { code: '15', tag: 'BGM', position: 4 }],
    [
      'another message type',
      replaced('UNH', 'UNH+PAX001+CUSCAR:D:02B:UN'),
      { code: '12', tag: 'UNH', position: 3 },
    ],
    ['no flight', recounted(replaced('TDT', null)), { code: '13', tag: 'TDT' }],
    [
      'a flight without a number',
      replaced('TDT', 'TDT+20+LY+++LY'),
      { code: '12', tag: 'TDT', position: 7 },
    ],
    [
      'a departure that is no date',
      replaced('DTM+189', 'DTM+189:2613011830:201'),
      { code: '12', tag: 'DTM', position: 9 },
    ],
    ['a CNT that miscounts', replaced('CNT', 'CNT+42:3'), { code: '29', tag: 'CNT' }],
    ['no passenger', recounted(paxlstSegments([])), { code: '13', tag: 'NAD' }],
    [
      'an unknown syntax level',
      paxlstSegments(PASSENGERS, 'XXXX'),
      { code: '2', tag: 'UNB', position: 1 },
    ],
  ])('%s', (_name, segments, expected) => {
    expect(problemsOf(paxlstText(segments))).toContainEqual(expect.objectContaining(expected));
  });

  it('a letter beyond UNOA in a UNOA message: invalid character, at its segment', () => {
    const passengers = [{ ...PASSENGERS[0]!, name: 'MÜLLER:HANS' }];
    const problems = problemsOf(paxlstText(paxlstSegments(passengers, 'UNOA')));
    expect(problems).toEqual([expect.objectContaining({ code: '21', tag: 'NAD', position: 12 })]);
  });

  it('a letter beyond UNOA behind the release character: invalid character, at its segment', () => {
    // Found by the property below: `?é` was read as é, and the answer in UNOA could not be read.
    const passengers = [{ ...PASSENGERS[0]!, name: 'M?ÜLLER:HANS' }];
    const problems = problemsOf(paxlstText(paxlstSegments(passengers, 'UNOA')));
    expect(problems).toEqual([expect.objectContaining({ code: '21', tag: 'NAD', position: 12 })]);
    // A released service character is a value's own, as before.
    const released = [{ ...PASSENGERS[0]!, name: "O?'NEIL:HANS" }];
    expect(
      parsed(paxlstText(paxlstSegments(released, 'UNOA'))).request.passengers[0],
    ).toMatchObject({ surname: "O'NEIL" });
  });

  it('a message cut off inside a segment, and text that is not EDIFACT', () => {
    expect(problemsOf(paxlstText().slice(0, -10))).toEqual([
      expect.objectContaining({ code: '13' }),
    ]);
    expect(problemsOf('{"flight": "LY001"}')[0]?.code).toBe('21');
    expect(problemsOf('')[0]?.code).toBe('13');
    expect(problemsOf('UNA:+')[0]).toMatchObject({ code: '22', tag: 'UNA' });
    expect(problemsOf("UNA::.? 'UNB")[0]).toMatchObject({ code: '22', tag: 'UNA' });
    // Found by the property below: a decimal mark that is the release character.
    expect(problemsOf(`UNA:+?? '${paxlstText().slice(9)}`)[0]).toMatchObject({
      code: '22',
      tag: 'UNA',
    });
  });

  it('501 passengers are more than one check takes', () => {
    const many = Array.from({ length: 501 }, (_, i) => ({
      ...PASSENGERS[0]!,
      references: [`ABO:P${i}`],
    }));
    expect(problemsOf(paxlstText(paxlstSegments(many)))).toContainEqual(
      expect.objectContaining({ code: '35', tag: 'NAD' }),
    );
    const five = Array.from({ length: 500 }, (_, i) => ({
      ...PASSENGERS[0]!,
      references: [`ABO:P${i}`],
    }));
    expect(parsed(paxlstText(paxlstSegments(five))).request.passengers).toHaveLength(500);
  });
});

/** A CUSRES read back: its segments as tag+elements text, without UNA. */
const readBack = (text: string) => {
  const read = readSegments(text);
  if (!read.ok) throw new Error(`answer not EDIFACT: ${read.problem.text}`);
  return read;
};

describe('results → CUSRES', () => {
  const results: CarrierCheckResult[] = [
    { reference: '1A', answer: 'OK', validUntil: '2027-05-01' },
    { reference: '2B', answer: 'NO_BOARD', reason: 'DOCUMENT_MISMATCH' },
  ];

  it('answers each passenger in order: ERP+2, their references, name and document, ERC+0Z or ERC+1Z and the reason', () => {
    const paxlst = parsed(paxlstText());
    const answer = cusresAnswer(paxlst.envelope, paxlst.echoes, results, context);
    const { segments } = readBack(answer);
    const lines = segments.map((s) => [s.tag, ...s.elements.map((e) => e.join(':'))].join('+'));
    expect(lines).toEqual([
      'UNB+UNOA:4+ETAIL:ZZ+LYCHECKIN:ZZ+260301:1205+REF0001++IAPI',
      'UNG+CUSRES+ETAIL:ZZ+LYCHECKIN:ZZ+260301:1205+GRP1+UN+D:02B',
      'UNH+PAX001+CUSRES:D:02B:UN:IATA+PAX001',
      'BGM+962',
      'RFF+TN:TX0001',
      'RFF+AF:LY001',
      'DTM+189:2603011830:201',
      'DTM+232:2603021130:201',
      'LOC+125+JFK',
      'LOC+87+TLV',
      'ERP+2',
      'RFF+AVF:QWE123',
      'RFF+ABO:1A',
      'NAD+FL+++SMITH:JOHN PAUL',
      'DOC+P+123456789',
      'ERC+0Z',
      'FTX+AAP+++OK TO BOARD:OK:AUTHORIZATION VALID UNTIL 2027-05-01',
      'ERP+2',
      'RFF+AVF:QWE123',
      'RFF+ABO:2B',
      'NAD+FL+++DUPONT:MARIE',
      'DOC+P+18AB12345',
      'ERC+1Z',
      'FTX+AAP+++NO BOARD:DOCUMENT MISMATCH:AUTHORIZATION ON FILE FOR A DOCUMENT NUMBER ONE CHARACTER DIFFERENT - CHECK THE NUMBER',
      'UNT+23+PAX001',
      'UNE+1+GRP1',
      'UNZ+1+REF0001',
    ]);
    expect(answer.startsWith("UNA:+.? '\n")).toBe(true);
  });

  it.each([
    [{ reference: 'x', answer: 'NOT_REQUIRED' }, '0Z', 'OK TO BOARD:NOT REQUIRED'],
    [{ reference: 'x', answer: 'VISA_REQUIRED' }, '1Z', 'NO BOARD:VISA REQUIRED'],
    [
      { reference: 'x', answer: 'DATA_ERROR', fields: ['birthDate'] },
      '1Z',
      'NO BOARD:DATA ERROR:CORRECT AND RESEND: BIRTHDATE',
    ],
    [
      { reference: 'x', answer: 'NO_BOARD', reason: 'REVOKED' },
      '1Z',
      'NO BOARD:REVOKED:AUTHORIZATION REVOKED',
    ],
    [{ reference: 'x', answer: 'NO_BOARD', reason: 'PENDING' }, '1Z', 'NO BOARD:PENDING'],
  ] satisfies [CarrierCheckResult, string, string][])('%o → ERC+%s, FTX %s', (result, erc, ftx) => {
    const paxlst = parsed(paxlstText(paxlstSegments([PASSENGERS[0]!])));
    const { segments } = readBack(cusresAnswer(paxlst.envelope, paxlst.echoes, [result], context));
    expect(segments.find((s) => s.tag === 'ERC')?.elements).toEqual([[erc]]);
    expect(segments.find((s) => s.tag === 'FTX')?.elements[3]?.join(':')).toContain(ftx);
  });

  it('says when the names differ from the application, without changing the answer', () => {
    const paxlst = parsed(paxlstText(paxlstSegments([PASSENGERS[0]!])));
    const answer = (names: CarrierCheckResult['names']) =>
      readBack(cusresAnswer(paxlst.envelope, paxlst.echoes, [{ ...results[0]!, names }], context))
        .segments;
    const different = answer('DIFFERENT');
    expect(different.find((s) => s.tag === 'ERC')?.elements).toEqual([['0Z']]);
    expect(different.filter((s) => s.tag === 'FTX').map((s) => s.elements[3]?.[0])).toEqual([
      'OK TO BOARD',
      'NAMES DIFFER',
    ]);
    expect(answer('MATCH').filter((s) => s.tag === 'FTX')).toHaveLength(1);
  });

  it("writes release characters back: a name with ' + : ? comes back as it was sent", () => {
    const name = "O?'NEIL?+SONS:ANN??MARIE?:JO";
    const paxlst = parsed(paxlstText(paxlstSegments([{ ...PASSENGERS[0]!, name }])));
    const answer = cusresAnswer(paxlst.envelope, paxlst.echoes, [results[0]!], context);
    expect(answer).toContain(`NAD+FL+++O?'NEIL?+SONS:ANN??MARIE?:JO'`);
    const nad = readBack(answer).segments.find((s) => s.tag === 'NAD');
    expect(nad?.elements[3]).toEqual(["O'NEIL+SONS", 'ANN?MARIE:JO']);
  });

  it('answers with the service characters and syntax level the PAXLST used, names beyond ASCII kept', () => {
    const passengers = [{ ...PASSENGERS[0]!, name: 'MÜLLER:JOSÉ' }];
    const text = `UNA*|,! ~${paxlstSegments(passengers, 'UNOC')
      .map((s) => `${s.replaceAll('+', '|').replaceAll(':', '*')}~`)
      .join('')}`;
    const paxlst = parsed(text);
    const answer = cusresAnswer(paxlst.envelope, paxlst.echoes, [results[0]!], context);
    expect(answer.startsWith('UNA*|,! ~\nUNB|UNOC*4|')).toBe(true);
    expect(answer).toContain('NAD|FL|||MÜLLER*JOSÉ~');
  });

  it('answers a broken message with ERP+1 at the faulty segment, the 0085 error code and what is wrong', () => {
    const broken = parsePaxlst(paxlstText(replaced('UNT', 'UNT+5+PAX001')));
    if (broken.ok) throw new Error('read, though broken');
    const { segments } = readBack(cusresError(broken.envelope, broken.problems, context));
    const lines = segments.map((s) => [s.tag, ...s.elements.map((e) => e.join(':'))].join('+'));
    expect(lines).toContain('BGM+962');
    expect(lines).toContain(`ERP+1+UNT:${paxlstSegments().length - 2}`);
    expect(lines).toContain('ERC+29');
    expect(lines.find((l) => l.startsWith('FTX+AAO'))).toMatch(/UNT COUNTS 5/);
    expect(lines.at(-3)).toMatch(/^UNT\+\d+\+PAX001$/);
    const unt = segments.find((s) => s.tag === 'UNT');
    const unh = segments.find((s) => s.tag === 'UNH');
    expect(Number(unt?.elements[0]?.[0])).toBe((unt?.position ?? 0) - (unh?.position ?? 0) + 1);
  });

  it('answers a message in an unknown syntax level in UNOY, which holds whatever it echoes', () => {
    const broken = parsePaxlst(paxlstText(paxlstSegments(PASSENGERS, 'XXXX')));
    if (broken.ok) throw new Error('read, though broken');
    const { segments } = readBack(cusresError(broken.envelope, broken.problems, context));
    expect(segments[0]?.elements[0]).toEqual(['UNOY', '4']);
    expect(segments.find((s) => s.tag === 'ERC')?.elements).toEqual([['2']]);
  });

  it('answers in UNOY when a value it echoes lies outside the level the PAXLST named', () => {
    // Found by the property below: `UNOA:?é4` was echoed as the version, in UNOA.
    const text = paxlstText().replace('UNB+UNOA:4', 'UNB+UNOA:?é4');
    const broken = parsePaxlst(text);
    if (broken.ok) throw new Error('read, though broken');
    const { segments } = readBack(cusresError(broken.envelope, broken.problems, context));
    expect(segments[0]?.elements[0]).toEqual(['UNOY', 'é4']);
    // The same PAXLST without the stray letter is answered in its own level.
    const whole = parsePaxlst(paxlstText());
    if (!whole.ok) throw new Error('not read');
    const answer = readBack(cusresError(whole.envelope, [], context));
    expect(answer.segments[0]?.elements[0]).toEqual(['UNOA', '4']);
  });

  it('answers text that is not EDIFACT with a CUSRES all the same', () => {
    const broken = parsePaxlst('hello');
    if (broken.ok) throw new Error('read, though broken');
    const answer = cusresError(broken.envelope, broken.problems, context);
    const { segments } = readBack(answer);
    expect(segments[0]?.tag).toBe('UNB');
    expect(segments.find((s) => s.tag === 'ERC')?.elements).toEqual([['21']]);
  });
});

describe('release characters, as a property', () => {
  it('any value written comes back the same, with default and custom service characters', () => {
    const custom = { component: '*', element: '|', decimal: ',', release: '!', segment: '~' };
    fc.assert(
      fc.property(
        fc.array(
          fc.string({
            unit: fc.constantFrom('A', 'é', ' ', ':', '+', "'", '?', '*', '|', '~', '!', '5'),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.boolean(),
        (values, useCustom) => {
          const separators = useCustom ? custom : DEFAULT_SEPARATORS;
          const text = writeSegments(
            [
              ['UNB', ['UNOY', '4']],
              ['FTX', 'AAA', '', '', values],
            ],
            separators,
          );
          const read = readSegments(text);
          expect(read.ok).toBe(true);
          const written = [...values];
          while (written.length > 0 && written.at(-1) === '') written.pop();
          const ftx = read.segments[1]?.elements[3] ?? [];
          expect(written.length === 0 ? [] : ftx).toEqual(written);
        },
      ),
    );
  });
});

describe('the example in docs/carrier-paxlst.md', () => {
  const doc = readFileSync(new URL('../../../../docs/carrier-paxlst.md', import.meta.url), 'utf8');
  const [request = '', answer = '', errorAnswer = ''] = [
    ...doc.matchAll(/```edifact\n([\s\S]*?)```/g),
  ].map((m) => m[1] ?? '');
  const at = { now: new Date('2026-12-24T08:15:00Z'), serviceId: 'ETAIL' };

  it('reads as documented and is answered with the documented CUSRES', () => {
    const paxlst = parsed(request);
    expect(paxlst.request.flight).toEqual({
      carrier: 'LY',
      number: '8',
      departureDate: '2026-12-24',
      from: 'JFK',
    });
    expect(paxlst.request.passengers.map((p) => [p.reference, p.surname, p.birthDate])).toEqual([
      ['PAX1', "O'NEIL", '1985-02-14'],
      ['PAX2', 'SMITH', '2001-11-30'],
    ]);
    const results: CarrierCheckResult[] = [
      { reference: 'PAX1', answer: 'OK', validUntil: '2028-03-14' },
      { reference: 'PAX2', answer: 'NO_BOARD', reason: 'NO_AUTHORIZATION' },
    ];
    expect(cusresAnswer(paxlst.envelope, paxlst.echoes, results, at)).toBe(answer);
  });

  it('with UNT+32 is answered with the documented error', () => {
    const broken = parsePaxlst(request.replace('UNT+34+', 'UNT+32+'));
    if (broken.ok) throw new Error('read, though broken');
    expect(cusresError(broken.envelope, broken.problems, at)).toBe(errorAnswer);
  });
});

describe('any text, as a property: read or refused, never thrown', () => {
  const answerOf = (text: string) => {
    const result = parsePaxlst(text);
    const results: CarrierCheckResult[] = result.ok
      ? result.request.passengers.map((p) => ({ reference: p.reference, answer: 'OK' }))
      : [];
    return result.ok
      ? cusresAnswer(result.envelope, result.echoes, results, context)
      : cusresError(result.envelope, result.problems, context);
  };

  it('arbitrary text is answered with a CUSRES that reads back', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(readSegments(answerOf(text)).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a valid PAXLST with characters changed, inserted or removed is answered with a CUSRES that reads back', () => {
    const valid = paxlstText();
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.nat({ max: valid.length - 1 }),
            cut: fc.nat({ max: 3 }),
            put: fc.string({
              unit: fc.constantFrom("'", '+', ':', '?', 'A', '9', 'é', '\n', ' '),
              maxLength: 3,
            }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (edits) => {
          let text = valid;
          for (const { at, cut, put } of edits)
            text = text.slice(0, at) + put + text.slice(at + cut);
          expect(readSegments(answerOf(text)).ok).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
