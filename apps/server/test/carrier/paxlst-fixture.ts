// PAXLST messages for tests, built as carriers send them for interactive API (the WCO/IATA/ICAO
// guide's D02B layout). Each test changes one thing of `paxlstSegments()`.

export interface FixturePassenger {
  name: string; // NAD+FL's C080, already released where it must be: 'COHEN:DAVID'
  birth: string; // DTM+329 value, YYMMDD
  nationality: string;
  documentNumber: string;
  issuingState: string;
  references?: string[]; // RFF values, e.g. 'AVF:ABC123'
}

export const PASSENGERS: FixturePassenger[] = [
  {
    name: 'SMITH:JOHN:PAUL',
    birth: '850214',
    nationality: 'GBR',
    documentNumber: '123456789',
    issuingState: 'GBR',
    references: ['AVF:QWE123', 'ABO:1A'],
  },
  {
    name: 'DUPONT:MARIE',
    birth: '010630',
    nationality: 'FRA',
    documentNumber: '18AB12345',
    issuingState: 'FRA',
    references: ['AVF:QWE123', 'ABO:2B'],
  },
];

/** The segments (without terminators) of a PAXLST; UNT's count is worked out. */
export function paxlstSegments(
  passengers: FixturePassenger[] = PASSENGERS,
  syntax = 'UNOA',
): string[] {
  const message = [
    'UNH+PAX001+PAXLST:D:02B:UN:IATA+LY001260301+01:F',
    'BGM+745',
    'RFF+TN:TX0001',
    'NAD+MS+++CHECKIN DESK',
    'TDT+20+LY001+++LY',
    'LOC+125+JFK',
    'DTM+189:2603011830:201',
    'LOC+87+TLV',
    'DTM+232:2603021130:201',
    ...passengers.flatMap((p) => [
      `NAD+FL+++${p.name}`,
      'ATT+2++M',
      `DTM+329:${p.birth}`,
      'LOC+178+JFK',
      'LOC+179+TLV',
      `NAT+2+${p.nationality}`,
      ...(p.references ?? []).map((r) => `RFF+${r}`),
      `DOC+P:110:111+${p.documentNumber}`,
      'DTM+36:300101',
      `LOC+91+${p.issuingState}`,
    ]),
    `CNT+42:${passengers.length}`,
  ];
  return [
    `UNB+${syntax}:4+LYCHECKIN:ZZ+ETAIL:ZZ+260301:1200+REF0001++IAPI`,
    'UNG+PAXLST+LYCHECKIN:ZZ+ETAIL:ZZ+260301:1200+GRP1+UN+D:02B',
    ...message,
    `UNT+${message.length + 1}+PAX001`,
    'UNE+1+GRP1',
    'UNZ+1+REF0001',
  ];
}

/** The message as text, with the default service characters, UNA first unless told not to. */
export function paxlstText(segments: string[] = paxlstSegments(), una = true): string {
  return `${una ? "UNA:+.? '" : ''}${segments.map((s) => `${s}'`).join('\n')}\n`;
}
