// A PAXLST (UN/EDIFACT D02B, as the WCO/IATA/ICAO API guidelines lay it out) → the flight and
// its passengers as the carrier check takes them, or the problems that make the message
// unreadable, each with the position of its segment.
//
// The interchange's envelope and the message's structure are checked here (a broken one is
// answered by a CUSRES error); a passenger's values are passed on as sent, so that one
// passenger's bad birth date is that passenger's DATA_ERROR while the others are answered, as
// in the JSON check.
import {
  type CarrierFlight,
  type CarrierPassenger,
  MAX_PASSENGERS_PER_CHECK,
} from '@eta-il/domain';
import {
  type Problem,
  readSegments,
  type Segment,
  type Separators,
  SYNTAX_ERROR,
} from './syntax.ts';

/** A reference the carrier gave a passenger (RFF), returned as it came in the answer. */
interface PassengerReference {
  qualifier: string;
  value: string;
}

/** What the answer repeats of a passenger so that the carrier knows whom it is about. */
export interface PassengerEcho {
  references: PassengerReference[];
  surname: string;
  givenNames: string;
  documentType: string;
  documentNumber: string;
}

/** What the CUSRES repeats of the PAXLST's envelope and header (whatever could be read). */
export interface Envelope {
  separators: Separators;
  syntaxLevel?: string;
  syntaxVersion?: string;
  /** UNB's sender and recipient, each an id and its qualifier. */
  sender?: string[];
  recipient?: string[];
  interchangeReference?: string;
  applicationReference?: string;
  groupReference?: string;
  messageReference?: string;
  transactionReference?: string;
  flightCode?: string;
  departure?: string;
  arrival?: string;
  departurePort?: string;
  arrivalPort?: string;
}

export type ParsedPaxlst =
  | {
      ok: true;
      envelope: Envelope;
      request: { flight: CarrierFlight; passengers: CarrierPassenger[] };
      echoes: PassengerEcho[];
    }
  | { ok: false; envelope: Envelope; problems: Problem[] };

/** Document types that are a travel document (DOC+V is a visa, not the passport). */
const VISA_DOCUMENT = 'V';

const value = (segment: Segment | undefined, element: number, component = 0): string =>
  segment?.elements[element]?.[component]?.trim() ?? '';

/**
 * A DTM value as a calendar date: YYMMDD (format 101, the guide's usual), CCYYMMDD (102), or
 * the date part of YYMMDDHHMM (201) and CCYYMMDDHHMM (203). Two-digit years take the latest
 * century that does not put the date after `notAfter` (birth dates) or, without it, 20YY.
 */
export function dtmDate(text: string, notAfter?: string): string | undefined {
  const match = /^(\d{2}|\d{4})(\d{2})(\d{2})(?:\d{4})?$/.exec(text);
  if (!match) return undefined;
  const [, year = '', month = '', day = ''] = match;
  const candidates = year.length === 4 ? [year] : [`20${year}`, `19${year}`];
  for (const full of candidates) {
    const iso = `${full}-${month}-${day}`;
    const date = new Date(`${iso}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return undefined;
    if (notAfter === undefined || iso <= notAfter) return iso;
  }
  return undefined;
}

/** Reads the envelope's echoable parts from whatever segments there are. */
function readEnvelope(segments: Segment[], separators: Separators): Envelope {
  const find = (tag: string) => segments.find((s) => s.tag === tag);
  const unb = find('UNB');
  const ung = find('UNG');
  const unh = find('UNH');
  const tdt = segments.find((s) => s.tag === 'TDT' && value(s, 0) === '20');
  const tn = segments.find((s) => s.tag === 'RFF' && value(s, 0) === 'TN');
  const indexOf = (segment: Segment | undefined) => (segment ? segments.indexOf(segment) : -1);
  const after = (segment: Segment | undefined, tag: string, qualifier: string) => {
    const start = indexOf(segment);
    if (start < 0) return undefined;
    const next = segments[start + 1];
    return next?.tag === tag && value(next, 0) === qualifier ? next : undefined;
  };
  const loc125 = segments.find((s) => s.tag === 'LOC' && value(s, 0) === '125');
  const loc87 = segments.find((s) => s.tag === 'LOC' && value(s, 0) === '87');
  const pick = <K extends keyof Envelope>(key: K, v: Envelope[K] | ''): Partial<Envelope> =>
    v ? { [key]: v } : {};
  const party = (element: number) => (value(unb, element) ? (unb?.elements[element] ?? []) : '');
  return {
    separators,
    ...pick('syntaxLevel', value(unb, 0, 0)),
    ...pick('syntaxVersion', value(unb, 0, 1)),
    ...pick('sender', party(1)),
    ...pick('recipient', party(2)),
    ...pick('interchangeReference', value(unb, 4)),
    ...pick('applicationReference', value(unb, 6)),
    ...pick('groupReference', value(ung, 4)),
    ...pick('messageReference', value(unh, 0)),
    ...pick('transactionReference', value(tn, 0, 1)),
    ...pick('flightCode', value(tdt, 1)),
    ...pick('departurePort', value(loc125, 1)),
    ...pick('arrivalPort', value(loc87, 1)),
    ...pick('departure', value(after(loc125, 'DTM', '189'), 0, 1)),
    ...pick('arrival', value(after(loc87, 'DTM', '232'), 0, 1)),
  };
}

/** The envelope's own checks: UNB…UNZ around UNH…UNT, references and counts that agree. */
function checkEnvelope(segments: Segment[]): Problem[] {
  const problems: Problem[] = [];
  const missing = (tag: string, text: string) =>
    problems.push({ code: SYNTAX_ERROR.missing, tag, text });
  const count = (tag: string) => segments.filter((s) => s.tag === tag).length;
  const first = segments[0];
  const last = segments.at(-1);
  if (first?.tag !== 'UNB') missing('UNB', 'The interchange does not open with UNB.');
  if (last?.tag !== 'UNZ') missing('UNZ', 'The interchange does not close with UNZ.');
  const unh = segments.filter((s) => s.tag === 'UNH');
  const unt = segments.filter((s) => s.tag === 'UNT');
  if (unh.length === 0) missing('UNH', 'There is no message (UNH).');
  if (unh.length > 1 || count('UNG') > 1) {
    problems.push({
      code: SYNTAX_ERROR.tooManyRepetitions,
      position: unh[1]?.position,
      tag: 'UNH',
      text: 'One PAXLST message per interchange is read.',
    });
  }
  if (unh.length === 1 && unt.length === 0) missing('UNT', 'The message does not end with UNT.');
  const header = unh[0];
  const trailer = unt[0];
  if (header && trailer) {
    const messageSegments = trailer.position - header.position + 1;
    if (value(trailer, 0) !== String(messageSegments)) {
      problems.push({
        code: SYNTAX_ERROR.countDoesNotMatch,
        position: trailer.position,
        tag: 'UNT',
        text: `UNT counts ${value(trailer, 0) || 'nothing'}; the message has ${messageSegments} segments.`,
      });
    }
    if (value(trailer, 1) !== value(header, 0)) {
      problems.push({
        code: SYNTAX_ERROR.referencesDoNotMatch,
        position: trailer.position,
        tag: 'UNT',
        text: 'UNT and UNH name different message references.',
      });
    }
  }
  if (header) {
    const [type = '', version = '', release = ''] = header.elements[1] ?? [];
    if (type !== 'PAXLST') {
      problems.push({
        code: SYNTAX_ERROR.invalidValue,
        position: header.position,
        tag: 'UNH',
        text: `The message is ${type || 'of no type'}; this address reads PAXLST.`,
      });
    } else if (version !== 'D' || !/^\d{2}[AB]$/.test(release)) {
      problems.push({
        code: SYNTAX_ERROR.invalidValue,
        position: header.position,
        tag: 'UNH',
        text: 'UNH does not name a directory (D:02B as the API guidelines use).',
      });
    }
  }
  const unb = segments.find((s) => s.tag === 'UNB');
  const unz = last?.tag === 'UNZ' ? last : undefined;
  if (unb && unz) {
    const ung = segments.find((s) => s.tag === 'UNG');
    const expected = ung ? 1 : unh.length;
    if (value(unz, 0) !== String(expected)) {
      problems.push({
        code: SYNTAX_ERROR.countDoesNotMatch,
        position: unz.position,
        tag: 'UNZ',
        text: `UNZ counts ${value(unz, 0) || 'nothing'}; the interchange holds ${expected}.`,
      });
    }
    if (value(unz, 1) !== value(unb, 4)) {
      problems.push({
        code: SYNTAX_ERROR.referencesDoNotMatch,
        position: unz.position,
        tag: 'UNZ',
        text: 'UNZ and UNB name different interchange references.',
      });
    }
  }
  return problems;
}

/** The flight: TDT+20 (flight code, carrier), LOC+125 and the DTM+189 after it. */
function readFlight(segments: Segment[]): { flight?: CarrierFlight; problems: Problem[] } {
  const problems: Problem[] = [];
  const tdt = segments.find((s) => s.tag === 'TDT' && value(s, 0) === '20');
  if (!tdt) {
    return {
      problems: [{ code: SYNTAX_ERROR.missing, tag: 'TDT', text: 'There is no flight (TDT+20).' }],
    };
  }
  const code = value(tdt, 1).replace(/\s+/g, '').toUpperCase();
  const declaredCarrier = value(tdt, 4).toUpperCase();
  const match = /^([A-Z0-9]{2}[A-Z]?)(\d{1,4}[A-Z]?)$/.exec(code);
  const carrier = declaredCarrier || match?.[1] || '';
  // LY008 and LY8 are one flight: the number without its leading zeros, as the JSON check has it.
  const number = (
    code.startsWith(carrier) ? code.slice(carrier.length) : (match?.[2] ?? '')
  ).replace(/^0+(?=\d)/, '');
  if (!/^[A-Z0-9]{2,3}$/.test(carrier) || !/^\d{1,4}[A-Z]?$/.test(number)) {
    problems.push({
      code: SYNTAX_ERROR.invalidValue,
      position: tdt.position,
      tag: 'TDT',
      text: `TDT+20 names the flight ${code || 'as nothing'}; a carrier code and a number (LY001) are needed.`,
    });
  }
  const start = segments.indexOf(tdt);
  const rest = segments.slice(start + 1);
  const loc = rest.find((s) => s.tag === 'LOC' && value(s, 0) === '125');
  const dtm = loc && segments[segments.indexOf(loc) + 1];
  const departure = dtm?.tag === 'DTM' && value(dtm, 0, 0) === '189' ? dtm : undefined;
  const from = value(loc, 1).toUpperCase();
  if (!loc || !/^[A-Z]{3}$/.test(from)) {
    problems.push({
      code: loc ? SYNTAX_ERROR.invalidValue : SYNTAX_ERROR.missing,
      ...(loc ? { position: loc.position } : {}),
      tag: 'LOC',
      text: 'The departure airport (LOC+125, an IATA code) is missing or not three letters.',
    });
  }
  const departureDate = departure ? dtmDate(value(departure, 0, 1)) : undefined;
  if (!departureDate) {
    problems.push({
      code: departure ? SYNTAX_ERROR.invalidValue : SYNTAX_ERROR.missing,
      ...(departure ? { position: departure.position } : {}),
      tag: 'DTM',
      text: 'The departure date and time (DTM+189 after LOC+125, YYMMDDHHMM) is missing or not a date.',
    });
  }
  if (problems.length > 0 || !departureDate) return { problems };
  return { flight: { carrier, number, departureDate, from }, problems };
}

/** One passenger: the segments from its NAD+FL up to the next NAD (or CNT/UNT). */
function readPassenger(
  group: Segment[],
  position: number,
  departureDate: string,
): { passenger: CarrierPassenger; echo: PassengerEcho } {
  const [nad] = group;
  const surname = value(nad, 3, 0);
  const givenNames = (nad?.elements[3] ?? [])
    .slice(1)
    .map((name) => name.trim())
    .filter(Boolean)
    .join(' ');
  const find = (tag: string, qualifier: string) =>
    group.find((s) => s.tag === tag && value(s, 0) === qualifier);
  const birth = find('DTM', '329');
  const birthText = value(birth, 0, 1);
  const references = group
    .filter((s) => s.tag === 'RFF' && value(s, 0, 1) !== '')
    .map((s) => ({ qualifier: value(s, 0, 0), value: value(s, 0, 1) }));
  const reference =
    references.find((r) => r.qualifier === 'ABO')?.value ??
    references.find((r) => r.qualifier === 'AVF')?.value ??
    references[0]?.value ??
    String(position);
  const documentIndex = group.findIndex((s) => s.tag === 'DOC' && value(s, 0) !== VISA_DOCUMENT);
  const document = group[documentIndex];
  const afterDocument = documentIndex < 0 ? [] : group.slice(documentIndex + 1);
  const nextDocument = afterDocument.findIndex((s) => s.tag === 'DOC');
  const documentDetails = nextDocument < 0 ? afterDocument : afterDocument.slice(0, nextDocument);
  const issuing = documentDetails.find((s) => s.tag === 'LOC' && value(s, 0) === '91');
  return {
    passenger: {
      reference,
      documentNumber: value(document, 1),
      issuingCountry: value(issuing, 1).toUpperCase(),
      nationality: value(find('NAT', '2'), 1).toUpperCase(),
      // A birth date that is not a date goes on as sent: the check answers DATA_ERROR for it.
      birthDate: dtmDate(birthText, departureDate) ?? birthText,
      surname,
      givenNames,
    },
    echo: {
      references,
      surname,
      givenNames,
      documentType: value(document, 0) || 'P',
      documentNumber: value(document, 1),
    },
  };
}

/** Reads a PAXLST interchange. */
export function parsePaxlst(text: string): ParsedPaxlst {
  const read = readSegments(text);
  const envelope = readEnvelope(read.segments, read.separators);
  if (!read.ok) return { ok: false, envelope, problems: [read.problem] };
  const { segments } = read;
  const problems = checkEnvelope(segments);

  const bgm = segments.find((s) => s.tag === 'BGM');
  if (!bgm) problems.push({ code: SYNTAX_ERROR.missing, tag: 'BGM', text: 'There is no BGM.' });
  else if (value(bgm, 0) !== '745') {
    problems.push({
      code: SYNTAX_ERROR.notSupportedHere,
      position: bgm.position,
      tag: 'BGM',
      text: `BGM+${value(bgm, 0)} is not a passenger list; this address reads BGM+745.`,
    });
  }
  const { flight, problems: flightProblems } = readFlight(segments);
  problems.push(...flightProblems);

  const starts = segments.flatMap((s, i) => (s.tag === 'NAD' && value(s, 0) === 'FL' ? [i] : []));
  if (starts.length === 0) {
    problems.push({
      code: SYNTAX_ERROR.missing,
      tag: 'NAD',
      text: 'There is no passenger (NAD+FL).',
    });
  }
  if (starts.length > MAX_PASSENGERS_PER_CHECK) {
    problems.push({
      code: SYNTAX_ERROR.tooManyRepetitions,
      position: segments[starts[MAX_PASSENGERS_PER_CHECK] ?? 0]?.position,
      tag: 'NAD',
      text: `The message lists ${starts.length} passengers; one check takes at most ${MAX_PASSENGERS_PER_CHECK}.`,
    });
  }
  const cnt = segments.find((s) => s.tag === 'CNT' && value(s, 0, 0) === '42');
  if (cnt && value(cnt, 0, 1) !== String(starts.length)) {
    problems.push({
      code: SYNTAX_ERROR.countDoesNotMatch,
      position: cnt.position,
      tag: 'CNT',
      text: `CNT+42 counts ${value(cnt, 0, 1) || 'nothing'}; the message lists ${starts.length} passengers.`,
    });
  }
  if (problems.length > 0 || !flight) return { ok: false, envelope, problems };

  const passengers: CarrierPassenger[] = [];
  const echoes: PassengerEcho[] = [];
  starts.forEach((start, index) => {
    const next = segments.findIndex((s, i) => i > start && ['NAD', 'CNT', 'UNT'].includes(s.tag));
    const group = segments.slice(start, next < 0 ? undefined : next);
    const { passenger, echo } = readPassenger(group, index + 1, flight.departureDate);
    passengers.push(passenger);
    echoes.push(echo);
  });
  return { ok: true, envelope, request: { flight, passengers }, echoes };
}
