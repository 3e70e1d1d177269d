// The authorization document: one A4 page with the traveller's name, nationality, masked passport
// number, application number, validity and a QR code that opens /verify with a signed token.
// Drawn with pdfkit (docs/decisions/034-document-pdfkit.md). Fonts are Noto (Latin, Hebrew,
// Arabic) shipped in npm packages and embedded as subsets, so names in any of these scripts print.
// Loaded by the document route only (dynamic import).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { formatDate, maskPassportNumber } from '@eta-il/domain';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

export interface AuthorizationDocument {
  firstName: string;
  lastName: string;
  nationality: string;
  passportNumber: string;
  applicationNumber: string;
  /** Dates as YYYY-MM-DD. */
  validFrom: string;
  validUntil: string;
  /** The /verify page with the signed token, built from PUBLIC_URL: the QR code and the link. */
  verifyUrl: string;
}

/** The language the document is written in. */
const LANGUAGE = 'en';

/** A YYYY-MM-DD date in words in the document's language: the domain's one formatter. */
const documentDate = (date: string) => formatDate(date, LANGUAGE);

const require = createRequire(import.meta.url);
/** Package and file: the packages export no file paths, so each is found beside its entry. */
const FONT_FILES = {
  latin: ['@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'],
  hebrew: ['@embedpdf/fonts-hebrew', 'NotoSansHebrew-Regular.ttf'],
  arabic: ['@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'],
} as const;
type Script = keyof typeof FONT_FILES;
const SCRIPTS = Object.keys(FONT_FILES) as Script[];
const fontPath = ([pkg, file]: readonly [string, string]) =>
  join(dirname(require.resolve(pkg)), '..', 'fonts', file);

/** The font files, read once per process. */
let fontBytes: Promise<Record<Script, Buffer>> | undefined;
const loadFonts = () => {
  fontBytes ??= Promise.all([
    readFile(fontPath(FONT_FILES.latin)),
    readFile(fontPath(FONT_FILES.hebrew)),
    readFile(fontPath(FONT_FILES.arabic)),
  ]).then(([latin, hebrew, arabic]) => ({ latin, hebrew, arabic }));
  return fontBytes;
};

/**
 * What pdfkit embeds for each script. The Latin font is parsed once per process: its first
 * layout reads the large kerning and mark tables (about 0.4 s), later ones take milliseconds.
 * The Hebrew and Arabic fonts are parsed afresh for each document (pdfkit parses bytes itself):
 * fontkit remembers the letters of a shaped glyph the first time it meets it, so a shared Arabic
 * font gives later documents wrong text to copy or read aloud (contextual forms map back to the
 * wrong letters). pdfkit takes a parsed fontkit font as readily as bytes; its types do not say so.
 */
let latin: fontkit.Font | undefined;
const fontSources = (
  bytes: Record<Script, Buffer>,
): Record<Script, PDFKit.Mixins.PDFFontSource> => {
  latin ??= fontkit.create(bytes.latin) as fontkit.Font;
  return { ...bytes, latin: latin as unknown as PDFKit.Mixins.PDFFontSource };
};

const HEBREW = /[\u0590-\u05FF\uFB1D-\uFB4F]/;
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const scriptOf = (char: string): Script | undefined =>
  HEBREW.test(char)
    ? 'hebrew'
    : ARABIC.test(char)
      ? 'arabic'
      : /\p{L}|\p{N}/u.test(char)
        ? 'latin'
        : undefined;
const rightToLeft = (script: Script) => script !== 'latin';

/** The text cut into runs of one script; spaces and punctuation join the run before them. */
const scriptRuns = (text: string): { script: Script; text: string }[] => {
  const runs: { script: Script; text: string }[] = [];
  for (const char of text) {
    const script = scriptOf(char) ?? runs.at(-1)?.script ?? 'latin';
    const last = runs.at(-1);
    if (last && last.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
};

/** The QR code's side and the space kept clear before it, in points. */
const QR_SIDE = 150;
const QR_GAP = 12;
/** A value's own size, the smallest it is set at before it is broken into lines, and their spacing. */
const VALUE_SIZE = 14;
const SMALLEST_SIZE = 10;
const LINE_HEIGHT = 1.25;

/**
 * A value set to fit `room` points: on one line at the largest size from VALUE_SIZE down to
 * SMALLEST_SIZE that fits, else in lines at SMALLEST_SIZE, broken between words (a word wider than
 * the room between its letters).
 */
const fitToWidth = (
  text: string,
  room: number,
  measure: (text: string, size: number) => number,
): { size: number; lines: string[] } => {
  for (let size = VALUE_SIZE; size >= SMALLEST_SIZE; size--) {
    if (measure(text, size) <= room) return { size, lines: [text] };
  }
  const fits = (line: string) => measure(line, SMALLEST_SIZE) <= room;
  const pieces = text.split(' ').flatMap((word) => {
    if (fits(word)) return [word];
    const parts: string[] = [];
    let part = '';
    for (const letter of word) {
      if (part && !fits(part + letter)) {
        parts.push(part);
        part = '';
      }
      part += letter;
    }
    return [...parts, part];
  });
  const lines: string[] = [];
  for (const piece of pieces) {
    const last = lines.at(-1);
    if (last !== undefined && fits(`${last} ${piece}`))
      lines[lines.length - 1] = `${last} ${piece}`;
    else lines.push(piece);
  }
  return { size: SMALLEST_SIZE, lines };
};

/**
 * The runs of one line in the order they are drawn, left to right. A line whose first letter is
 * Hebrew or Arabic reads right to left, so its runs are drawn last first; within a run fontkit
 * orders and joins the letters itself. (Enough for names and titles, which hold no numbers
 * inside right-to-left words.)
 */
const visualRuns = (text: string) => {
  const runs = scriptRuns(text);
  const first = runs[0];
  return first && rightToLeft(first.script) ? runs.reverse() : runs;
};

const INK = '#1a1a1a';
const MUTED = '#595959';
const BLUE = '#0038b8';
const WHITE = '#ffffff';
/** fontkit lays out a whole run at once (pdfkit otherwise shapes word by word, left to right). */
const WHOLE_RUN: PDFKit.Mixins.OpenTypeFeatures[] = [];

export const authorizationPdf = async (doc: AuthorizationDocument): Promise<Uint8Array> => {
  const fonts = fontSources(await loadFonts());
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    lang: LANGUAGE,
    info: { Title: `ETA-IL ${doc.applicationNumber}`, Creator: 'ETA-IL', Producer: 'ETA-IL' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  for (const script of SCRIPTS) pdf.registerFont(script, fonts[script]);
  const { width } = pdf.page;
  const margin = 56;

  /** The width of mixed-script text at `size`. */
  const measure = (text: string, size: number) =>
    visualRuns(text).reduce(
      (sum, run) =>
        sum + pdf.font(run.script).fontSize(size).widthOfString(run.text, { features: WHOLE_RUN }),
      0,
    );

  /** Mixed-script text with its baseline at (x, y) from the top left; returns its width. */
  const write = (text: string, x: number, y: number, size: number, color = INK, link?: string) => {
    let at = x;
    for (const run of visualRuns(text)) {
      pdf.font(run.script).fontSize(size).fillColor(color);
      const runWidth = pdf.widthOfString(run.text, { features: WHOLE_RUN });
      pdf.text(run.text, at, y, {
        lineBreak: false,
        baseline: 'alphabetic',
        features: WHOLE_RUN,
        ...(link ? { link } : {}),
      });
      at += runWidth;
    }
    return at - x;
  };

  pdf.rect(0, 0, width, 90).fill(BLUE);
  write('ETA-IL', margin, 50, 26, WHITE);
  write('Electronic Travel Authorization', margin, 74, 12, WHITE);
  write('אישור נסיעה אלקטרוני', width - margin - 150, 50, 13, WHITE);
  write('تصريح سفر إلكتروني', width - margin - 150, 74, 13, WHITE);
  write('State of Israel, Population and Immigration Authority', margin, 120, 11, MUTED);

  const rows: [string, string][] = [
    ['Name', `${doc.firstName} ${doc.lastName}`],
    ['Nationality', doc.nationality],
    ['Passport number', maskPassportNumber(doc.passportNumber)],
    ['Application number', doc.applicationNumber],
    ['Valid from', documentDate(doc.validFrom)],
    ['Valid until', documentDate(doc.validUntil)],
  ];
  // The values' column ends where the QR code begins: a long value is set smaller, then broken
  // into lines (the longest name, 2 × 39 letters, and the longest country name fit).
  const room = width - margin - QR_SIDE - QR_GAP - (margin + 150);
  let y = 170;
  for (const [label, value] of rows) {
    write(label, margin, y, 11, MUTED);
    const fitted = fitToWidth(value, room, measure);
    for (const [index, line] of fitted.lines.entries()) {
      write(line, margin + 150, y + index * fitted.size * LINE_HEIGHT, fitted.size);
    }
    y += 30 + (fitted.lines.length - 1) * fitted.size * LINE_HEIGHT;
  }
  const verifyPage = new URL(doc.verifyUrl);
  write(
    'Valid for visits of up to 90 days, with the passport above only.',
    margin,
    y + 10,
    10,
    MUTED,
  );
  const lead = write('Check it at ', margin, y + 26, 10, MUTED);
  write(
    `${verifyPage.origin}${verifyPage.pathname}`,
    margin + lead,
    y + 26,
    10,
    BLUE,
    doc.verifyUrl,
  );

  const qr = await QRCode.toBuffer(doc.verifyUrl, { type: 'png', margin: 1, width: 300 });
  pdf.image(qr, width - margin - QR_SIDE, 150, { width: QR_SIDE, height: QR_SIDE });
  write('Scan to verify', width - margin - QR_SIDE, 150 + QR_SIDE + 16, 9, MUTED);
  pdf.end();
  return new Uint8Array(await done);
};
