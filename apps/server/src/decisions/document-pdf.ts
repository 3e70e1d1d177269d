// The authorization document: one A4 page with the traveller's name, nationality, masked passport
// number, application number, validity and a QR code that opens /verify with a signed token.
// Fonts are Noto (Latin, Hebrew, Arabic) shipped in npm packages and embedded as subsets, so
// names in any of these scripts print. Loaded by the document route only (dynamic import).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { maskPassportNumber } from '@eta-il/domain';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import QRCode from 'qrcode';

export interface AuthorizationDocument {
  firstName: string;
  lastName: string;
  nationality: string;
  passportNumber: string;
  applicationNumber: string;
  validFrom: string;
  validUntil: string;
  verifyUrl: string;
}

const require = createRequire(import.meta.url);
/** Package and file: the packages export no file paths, so each is found beside its entry. */
const FONT_FILES = {
  latin: ['@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'],
  hebrew: ['@embedpdf/fonts-hebrew', 'NotoSansHebrew-Regular.ttf'],
  arabic: ['@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'],
} as const;
const fontPath = ([pkg, file]: readonly [string, string]) =>
  join(dirname(require.resolve(pkg)), '..', 'fonts', file);
type Script = keyof typeof FONT_FILES;

let fontBytes: Promise<Record<Script, Uint8Array>> | undefined;
const loadFonts = () => {
  fontBytes ??= Promise.all([
    readFile(fontPath(FONT_FILES.latin)),
    readFile(fontPath(FONT_FILES.hebrew)),
    readFile(fontPath(FONT_FILES.arabic)),
  ]).then(([latin, hebrew, arabic]) => ({ latin, hebrew, arabic }));
  return fontBytes;
};

/**
 * fontkit, with the Latin font parsed once per process: parsing Noto Sans takes about a second,
 * and pdf-lib would parse it again for every document (each document still embeds its own
 * subset). The Hebrew and Arabic fonts are parsed afresh: fontkit remembers the characters of a
 * shaped glyph the first time it meets it, so a shared Arabic font would give later documents
 * wrong text to copy or read aloud (contextual forms map back to the wrong letters).
 */
const sharedFonts = new Map<Uint8Array, ReturnType<typeof fontkit.create>>();
const fontkitSharingLatin = (latin: Uint8Array): typeof fontkit => ({
  ...fontkit,
  create: (buffer, postscriptName) => {
    if (buffer !== latin) return fontkit.create(buffer, postscriptName);
    let font = sharedFonts.get(buffer);
    if (!font) {
      font = fontkit.create(buffer, postscriptName);
      sharedFonts.set(buffer, font);
    }
    return font;
  },
});

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

const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const BLUE = rgb(0, 0.22, 0.72);

export const authorizationPdf = async (doc: AuthorizationDocument): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  const bytes = await loadFonts();
  pdf.registerFontkit(fontkitSharingLatin(bytes.latin));
  pdf.setTitle(`ETA-IL ${doc.applicationNumber}`);
  pdf.setCreator('ETA-IL');
  pdf.setProducer('ETA-IL');
  const fonts = {} as Record<Script, PDFFont>;
  for (const script of Object.keys(FONT_FILES) as Script[]) {
    fonts[script] = await pdf.embedFont(bytes[script], { subset: true });
  }
  const page = pdf.addPage([595.28, 841.89]);
  const { width, height } = page.getSize();
  const margin = 56;

  /** Draws mixed-script text at (x, y); runs of right-to-left scripts are shaped by fontkit. */
  const write = (
    target: PDFPage,
    text: string,
    x: number,
    y: number,
    size: number,
    color = INK,
  ) => {
    let at = x;
    for (const run of scriptRuns(text)) {
      const font = fonts[run.script];
      target.drawText(run.text, { x: at, y, size, font, color });
      at += font.widthOfTextAtSize(run.text, size);
    }
  };

  page.drawRectangle({ x: 0, y: height - 90, width, height: 90, color: BLUE });
  write(page, 'ETA-IL', margin, height - 50, 26, rgb(1, 1, 1));
  write(page, 'Electronic Travel Authorization', margin, height - 74, 12, rgb(1, 1, 1));
  write(page, 'אישור נסיעה אלקטרוני', width - margin - 150, height - 50, 13, rgb(1, 1, 1));
  write(page, 'تصريح سفر إلكتروني', width - margin - 150, height - 74, 13, rgb(1, 1, 1));
  write(
    page,
    'State of Israel, Population and Immigration Authority',
    margin,
    height - 120,
    11,
    MUTED,
  );

  const rows: [string, string][] = [
    ['Name', `${doc.firstName} ${doc.lastName}`],
    ['Nationality', doc.nationality],
    ['Passport number', maskPassportNumber(doc.passportNumber)],
    ['Application number', doc.applicationNumber],
    ['Valid from', doc.validFrom],
    ['Valid until', doc.validUntil],
  ];
  let y = height - 170;
  for (const [label, value] of rows) {
    write(page, label, margin, y, 11, MUTED);
    write(page, value, margin + 150, y, 14);
    y -= 30;
  }
  write(
    page,
    'Valid for visits of up to 90 days, with the passport above only. Check it at /verify.',
    margin,
    y - 10,
    10,
    MUTED,
  );

  const qr = await QRCode.toBuffer(doc.verifyUrl, { type: 'png', margin: 1, width: 300 });
  const image = await pdf.embedPng(qr);
  const side = 150;
  page.drawImage(image, {
    x: width - margin - side,
    y: height - 170 - side + 20,
    width: side,
    height: side,
  });
  write(page, 'Scan to verify', width - margin - side, height - 170 - side + 4, 9, MUTED);
  return pdf.save();
};
