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
  let y = 170;
  for (const [label, value] of rows) {
    write(label, margin, y, 11, MUTED);
    write(value, margin + 150, y, 14);
    y += 30;
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
  const side = 150;
  pdf.image(qr, width - margin - side, 150, { width: side, height: side });
  write('Scan to verify', width - margin - side, 150 + side + 16, 9, MUTED);
  pdf.end();
  return new Uint8Array(await done);
};
