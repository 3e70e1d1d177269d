// The CUSRES (UN/EDIFACT D02B) that answers a PAXLST, laid out as interactive API answers are:
// the flight repeated (RFF+TN, RFF+AF, DTM+189/232, LOC+125/87), then for each passenger, in the
// order they were sent, ERP+2 and the passenger's own references (RFF), name (NAD+FL) and
// travel document (DOC), ERC+0Z (may board) or ERC+1Z (may not), and FTX+AAP with the reason.
// A message that cannot be read is answered with ERP+1, an ERC carrying the syntax error code
// (code list 0085) and FTX+AAO saying what is wrong and in which segment.
import type { CarrierCheckResult } from '@eta-il/domain';
import type { Envelope, PassengerEcho } from './parse.ts';
import { type Problem, type SegmentOut, STRICT_LEVELS, writeSegments } from './syntax.ts';

/** Who answers, and when. */
export interface AnswerContext {
  now: Date;
  /** The interchange sender id this service uses when the PAXLST did not address it by one. */
  serviceId: string;
}

/** ERC codes of the interactive API: 0Z the passenger may board, 1Z may not. */
const MAY_BOARD = '0Z';
const MAY_NOT_BOARD = '1Z';

/** What the desk reads for each answer and reason: a headline, then what it means. */
const REASON_TEXT: Record<string, string> = {
  NO_AUTHORIZATION: 'NO AUTHORIZATION ON FILE FOR THIS DOCUMENT',
  PENDING: 'AUTHORIZATION APPLIED FOR BUT NOT YET DECIDED',
  REFUSED: 'AUTHORIZATION REFUSED',
  REVOKED: 'AUTHORIZATION REVOKED',
  EXPIRED: 'AUTHORIZATION OR PASSPORT EXPIRED',
  DOCUMENT_MISMATCH:
    'AUTHORIZATION ON FILE FOR A DOCUMENT NUMBER ONE CHARACTER DIFFERENT - CHECK THE NUMBER',
};

/** The FTX text components of one answer: headline, answer or reason code, explanation. */
function answerText(result: CarrierCheckResult): string[] {
  const words = (code: string) => code.replaceAll('_', ' ');
  switch (result.answer) {
    case 'OK':
      return [
        'OK TO BOARD',
        'OK',
        result.validUntil ? `AUTHORIZATION VALID UNTIL ${result.validUntil}` : '',
      ];
    case 'NOT_REQUIRED':
      return ['OK TO BOARD', 'NOT REQUIRED', 'NO AUTHORIZATION REQUIRED FOR THIS NATIONALITY'];
    case 'VISA_REQUIRED':
      return ['NO BOARD', 'VISA REQUIRED', 'THIS NATIONALITY NEEDS A VISA, NOT AN ETA-IL'];
    case 'DATA_ERROR':
      return [
        'NO BOARD',
        'DATA ERROR',
        `CORRECT AND RESEND: ${(result.fields ?? []).map((f) => f.toUpperCase()).join(', ') || 'PASSENGER DATA'}`,
      ];
    case 'NO_BOARD':
      return [
        'NO BOARD',
        words(result.reason ?? 'NO_AUTHORIZATION'),
        REASON_TEXT[result.reason ?? 'NO_AUTHORIZATION'] ?? '',
      ];
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const yymmdd = (d: Date) =>
  `${pad(d.getUTCFullYear() % 100)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
const hhmm = (d: Date) => `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;

/** The PAXLST's syntax level; UNOY (any character) when it named none we know, UNOA when none at all. */
const syntaxLevelOf = (envelope: Envelope) => {
  const level = envelope.syntaxLevel;
  if (level === undefined) return 'UNOA';
  return /^UNO[A-Z]$|^UCS2$/.test(level) ? level : 'UNOY';
};

/** UNB…UNH, BGM, the flight; then `body`; then UNT…UNZ, with the counts right. */
function interchange(envelope: Envelope, context: AnswerContext, body: SegmentOut[]): string {
  const reference = envelope.interchangeReference ?? `${yymmdd(context.now)}${hhmm(context.now)}`;
  const messageReference = envelope.messageReference ?? '1';
  const us = envelope.recipient ?? [context.serviceId];
  const them = envelope.sender ?? ['UNKNOWN'];
  const header: SegmentOut[] = [
    [
      'UNB',
      [syntaxLevelOf(envelope), envelope.syntaxVersion ?? '4'],
      us,
      them,
      [yymmdd(context.now), hhmm(context.now)],
      reference,
      '',
      envelope.applicationReference ?? '',
    ],
  ];
  if (envelope.groupReference) {
    header.push([
      'UNG',
      'CUSRES',
      us,
      them,
      [yymmdd(context.now), hhmm(context.now)],
      envelope.groupReference,
      'UN',
      ['D', '02B'],
    ]);
  }
  const message: SegmentOut[] = [
    [
      'UNH',
      messageReference,
      ['CUSRES', 'D', '02B', 'UN', 'IATA'],
      envelope.messageReference ?? '',
    ],
    ['BGM', '962'],
  ];
  if (envelope.transactionReference) message.push(['RFF', ['TN', envelope.transactionReference]]);
  if (envelope.flightCode) message.push(['RFF', ['AF', envelope.flightCode]]);
  if (envelope.departure) message.push(['DTM', ['189', envelope.departure, '201']]);
  if (envelope.arrival) message.push(['DTM', ['232', envelope.arrival, '201']]);
  if (envelope.departurePort) message.push(['LOC', '125', envelope.departurePort]);
  if (envelope.arrivalPort) message.push(['LOC', '87', envelope.arrivalPort]);
  message.push(...body);
  message.push(['UNT', String(message.length + 1), messageReference]);
  const trailer: SegmentOut[] = [];
  if (envelope.groupReference) trailer.push(['UNE', '1', envelope.groupReference]);
  trailer.push(['UNZ', '1', reference]);
  return writeSegments(holdingEchoes([...header, ...message, ...trailer]), envelope.separators);
}

/**
 * The segments, in UNOY when a value echoed from a broken PAXLST lies outside the level it named
 * (a released `?é` in UNOA): an answer in a level that cannot hold its own text cannot be read.
 */
function holdingEchoes(segments: SegmentOut[]): SegmentOut[] {
  const [unb, ...rest] = segments;
  const level = unb?.[1];
  const repertoire = Array.isArray(level) ? STRICT_LEVELS.get(level[0] ?? '') : undefined;
  if (!unb || !Array.isArray(level) || !repertoire) return segments;
  const values = segments.flatMap(([, ...elements]) => elements.flat());
  if (values.every((value) => repertoire.test(value))) return segments;
  return [['UNB', ['UNOY', ...level.slice(1)], ...unb.slice(2)] as SegmentOut, ...rest];
}

/** The CUSRES for answered passengers: `results[i]` answers `echoes[i]`. */
export function cusresAnswer(
  envelope: Envelope,
  echoes: PassengerEcho[],
  results: CarrierCheckResult[],
  context: AnswerContext,
): string {
  const body = results.flatMap((result, index): SegmentOut[] => {
    const echo = echoes[index];
    const mayBoard = result.answer === 'OK' || result.answer === 'NOT_REQUIRED';
    return [
      ['ERP', '2'],
      ...(echo?.references ?? []).map((r): SegmentOut => ['RFF', [r.qualifier, r.value]]),
      ...(echo
        ? ([
            ['NAD', 'FL', '', '', [echo.surname, echo.givenNames]],
            ['DOC', echo.documentType, echo.documentNumber],
          ] satisfies SegmentOut[])
        : []),
      ['ERC', mayBoard ? MAY_BOARD : MAY_NOT_BOARD],
      ['FTX', 'AAP', '', '', answerText(result)],
      ...(result.names === 'DIFFERENT'
        ? [
            [
              'FTX',
              'AAP',
              '',
              '',
              ['NAMES DIFFER', 'THE NAMES SENT DIFFER FROM THE APPLICATION - CHECK THEM'],
            ] satisfies SegmentOut,
          ]
        : []),
    ];
  });
  return interchange(envelope, context, body);
}

/** The CUSRES for a message that could not be read: one ERP+1/ERC/FTX per problem. */
export function cusresError(
  envelope: Envelope,
  problems: Problem[],
  context: AnswerContext,
): string {
  const body = problems.flatMap((problem): SegmentOut[] => [
    [
      'ERP',
      '1',
      problem.tag ? [problem.tag, problem.position ? String(problem.position) : ''] : '',
    ],
    ['ERC', problem.code],
    ['FTX', 'AAO', '', '', problem.text.toUpperCase()],
  ]);
  return interchange(envelope, context, body);
}
