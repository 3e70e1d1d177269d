// UN/EDIFACT syntax (ISO 9735) both ways: text → segments with their positions, read by the
// `edifact` package's streaming parser (docs/decisions/052-paxlst.md), and segments → text with
// the release character put before every separator a value contains.
import edifact from 'edifact';

/** The service characters of an interchange, as its UNA names them (ISO 9735 defaults otherwise). */
export interface Separators {
  component: string;
  element: string;
  decimal: string;
  release: string;
  segment: string;
}

export const DEFAULT_SEPARATORS: Separators = {
  component: ':',
  element: '+',
  decimal: '.',
  release: '?',
  segment: "'",
};

/** One segment: its tag, its data elements each a list of components (release characters removed). */
export interface Segment {
  tag: string;
  elements: string[][];
  /** Its place in the interchange, counting from 1 at the first segment after UNA. */
  position: number;
}

/**
 * Syntax error codes of UN/EDIFACT code list 0085, the ones this service answers with (in the
 * CUSRES's ERC segment).
 */
export const SYNTAX_ERROR = {
  levelNotSupported: '2',
  invalidValue: '12',
  missing: '13',
  notSupportedHere: '15',
  invalidCharacter: '21',
  invalidServiceStringAdvice: '22',
  referencesDoNotMatch: '28',
  countDoesNotMatch: '29',
  tooManyRepetitions: '35',
} as const;

type SyntaxErrorCode = (typeof SYNTAX_ERROR)[keyof typeof SYNTAX_ERROR];

/** What is wrong with a message, and where: the segment's position and tag when known. */
export interface Problem {
  code: SyntaxErrorCode;
  position?: number;
  tag?: string;
  text: string;
}

/**
 * The levels whose repertoire the parser holds the interchange to (anything else: UNOY's, all of
 * Unicode), as the edifact library holds its unreleased characters to them. The library takes any
 * character behind the release character, so each value is held to them again.
 */
export const STRICT_LEVELS: ReadonlyMap<string, RegExp> = new Map([
  ['UNOA', /^[ -"%-?A-Z]*$/],
  ['UNOB', /^[ -"%-?A-Za-z]*$/],
]);

type ReadResult =
  | { ok: true; segments: Segment[]; separators: Separators; hasUna: boolean }
  | { ok: false; problem: Problem; segments: Segment[]; separators: Separators };

/** The UNA service string advice, when the text opens with one. */
function readUna(text: string): Separators | { problem: Problem } | undefined {
  if (!text.startsWith('UNA')) return undefined;
  const advice = text.slice(3, 9);
  if (advice.length < 6) {
    return {
      problem: {
        code: SYNTAX_ERROR.invalidServiceStringAdvice,
        tag: 'UNA',
        text: 'UNA is cut short.',
      },
    };
  }
  const [component, element, decimal, release, , segment] = [...advice] as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const separators = { component, element, decimal, release, segment };
  const delimiters = [component, element, release, segment];
  if (
    new Set(delimiters).size !== delimiters.length ||
    delimiters.some((c) => /[A-Za-z0-9\s]/.test(c)) ||
    // ISO 9735: the decimal mark is a full stop or a comma, and no separator.
    !['.', ','].includes(decimal) ||
    delimiters.includes(decimal)
  ) {
    return {
      problem: {
        code: SYNTAX_ERROR.invalidServiceStringAdvice,
        tag: 'UNA',
        text: 'UNA names a separator twice, a letter, digit or space as one, or a decimal mark other than a full stop or a comma.',
      },
    };
  }
  return separators;
}

/** Reads an interchange into segments; the first syntax error stops it, with its position. */
export function readSegments(input: string): ReadResult {
  // A byte order mark or blank lines before the interchange are not part of it.
  const text = input.replace(/^\uFEFF/, '').replace(/^\s+/, '');
  const una = readUna(text);
  if (una && 'problem' in una)
    return { ok: false, problem: una.problem, segments: [], separators: DEFAULT_SEPARATORS };
  const separators = una ?? DEFAULT_SEPARATORS;
  const body = una ? text.slice(9) : text;

  const segments: Segment[] = [];
  let current: Segment | undefined;
  let elements: string[][] = [];
  let components: string[] = [];
  let open = false;
  let levelPending = false;
  let levelProblem: Problem | undefined;
  let repertoire: RegExp | undefined;

  const parser = new edifact.Parser();
  parser.configure({
    componentDataSeparator: separators.component.charCodeAt(0),
    dataElementSeparator: separators.element.charCodeAt(0),
    decimalMark: separators.decimal.charCodeAt(0),
    releaseCharacter: separators.release.charCodeAt(0),
    segmentTerminator: separators.segment.charCodeAt(0),
  });
  // Until UNB names the level, any character is read; UNB then narrows it for UNOA and UNOB.
  parser.encoding('UNOY');
  parser.onopensegment = (tag) => {
    elements = [];
    current = { tag, elements, position: segments.length + 1 };
    segments.push(current);
    open = true;
    levelPending = tag === 'UNB';
  };
  parser.onelement = () => {
    components = [];
    elements.push(components);
  };
  parser.oncomponent = function (value) {
    components.push(value);
    if (repertoire && !levelProblem && !repertoire.test(value)) {
      const position = current?.position ?? segments.length;
      levelProblem = {
        code: SYNTAX_ERROR.invalidCharacter,
        position,
        ...(current ? { tag: current.tag } : {}),
        text: `Segment ${position} holds a character outside the syntax level's repertoire, or a separator out of place.`,
      };
    }
    if (levelPending) {
      levelPending = false;
      repertoire = STRICT_LEVELS.get(value);
      if (repertoire) this.encoding(value);
      else if (!/^UNO[A-Z]$|^UCS2$/.test(value)) {
        levelProblem = {
          code: SYNTAX_ERROR.levelNotSupported,
          position: current?.position,
          tag: 'UNB',
          text: `UNB names the syntax level ${value}; UNOA to UNOY are read.`,
        };
      }
    }
  };
  parser.onclosesegment = () => {
    open = false;
  };

  try {
    parser.write(body);
    parser.end();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The library's message quotes the character, which may itself lie outside the level: not repeated.
    const position = open ? segments.length : segments.length + 1;
    const incomplete = /incomplete/i.test(message);
    return {
      ok: false,
      segments,
      separators,
      problem: {
        code: incomplete ? SYNTAX_ERROR.missing : SYNTAX_ERROR.invalidCharacter,
        position,
        ...(open && current ? { tag: current.tag } : {}),
        text: incomplete
          ? 'The interchange ends inside a segment (its terminator is missing).'
          : `Segment ${position} holds a character outside the syntax level's repertoire, or a separator out of place.`,
      },
    };
  }
  if (levelProblem) return { ok: false, problem: levelProblem, segments, separators };
  return { ok: true, segments, separators, hasUna: una !== undefined };
}

/** A value with the release character before each service character it holds. */
function release(value: string, separators: Separators): string {
  const special = new Set([
    separators.release,
    separators.component,
    separators.element,
    separators.segment,
  ]);
  let out = '';
  for (const char of value) out += special.has(char) ? separators.release + char : char;
  return out;
}

/** A segment to write: its tag, then data elements, each a value or a list of components. */
export type SegmentOut = [tag: string, ...elements: (string | string[])[]];

/** Writes segments as an interchange, with UNA first; empty trailing components and elements are left out. */
export function writeSegments(
  segments: SegmentOut[],
  separators: Separators = DEFAULT_SEPARATORS,
): string {
  const una = `UNA${separators.component}${separators.element}${separators.decimal}${separators.release} ${separators.segment}`;
  const lines = segments.map(([tag, ...elements]) => {
    const written = elements.map((element) => {
      const components = (typeof element === 'string' ? [element] : element).map((c) =>
        release(c, separators),
      );
      while (components.length > 0 && components.at(-1) === '') components.pop();
      return components.join(separators.component);
    });
    while (written.length > 0 && written.at(-1) === '') written.pop();
    return [tag, ...written].join(separators.element) + separators.segment;
  });
  return `${[una, ...lines].join('\n')}\n`;
}

/**
 * The text of a PAXLST body: UTF-8 when the bytes are UTF-8 (UNOW/UNOY, and plain ASCII);
 * ISO 8859-1 otherwise (UNOC, the usual level for Latin letters with accents).
 */
export function decodeInterchange(bytes: Uint8Array): {
  text: string;
  encoding: 'utf-8' | 'latin1';
} {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('latin1').decode(bytes), encoding: 'latin1' };
  }
}
