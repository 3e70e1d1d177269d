// Passport data pages drawn for the MRZ reader's tests and bench (Node, sharp): a light patterned
// page with a photo box and printed text above, the two TD3 lines in OCR-B at the bottom, then
// turned, blurred, made noisy and encoded as a camera or a scanner would. Deterministic: the
// same seed draws the same pages. Test code only; nothing in the app imports it.
import { type Td3Fields, td3Lines } from '@eta-il/domain';
import sharp from 'sharp';

export interface PageLook {
  /** Height of an MRZ capital, in pixels. */
  characterHeight: number;
  /** Degrees, clockwise. */
  rotation: number;
  /** Gaussian blur sigma in pixels; 0 for none. */
  blur: number;
  /** Standard deviation of the grey noise added to each pixel, 0–255 scale. */
  noise: number;
  format: 'png' | 'jpeg';
}

export interface DataPage {
  lines: readonly [string, string];
  image: Buffer;
}

/** A seeded pseudo-random source (mulberry32): numbers in [0, 1). */
export const randomSource = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
type Random = ReturnType<typeof randomSource>;

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const characters = (random: Random, alphabet: string, length: number) =>
  Array.from({ length }, () => pick(random, [...alphabet])).join('');

const SURNAMES = [
  'ERIKSSON',
  'MUELLER',
  'DE LA CRUZ',
  'O BRIEN',
  'NGUYEN',
  'SMITH JONES',
  'KOWALSKA',
];
const GIVEN = ['ANNA MARIA', 'JOHN', 'LI', 'MARIE CLAIRE', 'AHMED', 'OLGA', 'JEAN PIERRE', ''];
const COUNTRIES = ['UTO', 'GBR', 'FRA', 'D<<', 'USA', 'ESP', 'NLD', 'ITA', 'CAN', 'AUS'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

const isoDay = (random: Random, fromYear: number, toYear: number) => {
  const year = Math.floor(between(random, fromYear, toYear + 1));
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** A random passport: names from a list or random letters, numbers of several shapes. */
export const randomPassport = (random: Random): Td3Fields => {
  const country = pick(random, COUNTRIES).replace(/<+$/, '');
  return {
    documentType: random() < 0.8 ? 'P' : 'PD',
    issuingCountry: country,
    surname:
      random() < 0.6
        ? pick(random, SURNAMES)
        : characters(random, LETTERS, 3 + Math.floor(random() * 10)),
    givenNames:
      random() < 0.6
        ? pick(random, GIVEN)
        : characters(random, LETTERS, 2 + Math.floor(random() * 9)),
    documentNumber:
      random() < 0.5
        ? characters(random, LETTERS, 2) + characters(random, DIGITS, 7)
        : characters(random, LETTERS + DIGITS, 6 + Math.floor(random() * 4)),
    nationality: random() < 0.8 ? country : pick(random, COUNTRIES).replace(/<+$/, ''),
    birthDate: isoDay(random, 1930, 2024),
    expiryDate: isoDay(random, 2026, 2036),
    sex: pick(random, ['M', 'F', 'X'] as const),
    personalNumber:
      random() < 0.5 ? '' : characters(random, DIGITS + LETTERS, 5 + Math.floor(random() * 10)),
  };
};

/** A random look within the ranges the reader promises to handle. */
export const randomLook = (random: Random): PageLook => ({
  characterHeight: Math.round(between(random, 14, 40)),
  rotation: between(random, -4, 4),
  blur: random() < 0.25 ? 0 : between(random, 0.3, 1.2),
  noise: between(random, 0, 12),
  format: random() < 0.5 ? 'png' : 'jpeg',
});

/** OCR-B's capital height and pitch as fractions of its font size (scripts/mrz-templates.mjs). */
const CAPITAL = 0.715;
const PITCH = 0.723;

const xmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const pageSvg = (lines: readonly [string, string], look: PageLook, random: Random) => {
  const fontSize = look.characterHeight / CAPITAL;
  const pitch = fontSize * PITCH;
  // A TD3 page is 125 × 88 mm and its MRZ 44 characters of 2.54 mm.
  const width = Math.round((44 * pitch * 125) / 111.8);
  const height = Math.round((width * 88) / 125);
  const margin = (width - 44 * pitch) / 2;
  const secondBaseline = height - 1.2 * pitch;
  const firstBaseline = secondBaseline - 1.75 * pitch;
  const waves = Array.from({ length: 24 }, (_, i) => {
    const y = (i / 24) * height;
    const amplitude = between(random, 2, 8) * (width / 600);
    const period = between(random, 40, 90) * (width / 600);
    let d = `M0 ${y.toFixed(1)}`;
    for (let x = 0; x <= width; x += period / 4) {
      d += ` L${x.toFixed(1)} ${(y + amplitude * Math.sin((2 * Math.PI * x) / period)).toFixed(1)}`;
    }
    return `<path d="${d}" fill="none" stroke="#b8c9d8" stroke-width="${(width / 900).toFixed(2)}"/>`;
  }).join('');
  const small = fontSize * 0.6;
  const column = width * 0.36;
  const printed = ['SURNAME', 'GIVEN NAMES', 'NATIONALITY', 'DATE OF BIRTH', 'PASSPORT NO']
    .map((label, i) => {
      const y = height * 0.2 + i * small * 2.6;
      const value = characters(random, LETTERS, 4 + Math.floor(random() * 10));
      return `<text x="${column}" y="${y}" font-family="DejaVu Sans" font-size="${small * 0.7}" fill="#55606e">${label}</text>
        <text x="${column}" y="${y + small * 1.1}" font-family="DejaVu Sans" font-size="${small}" fill="#1d1d1d">${value}</text>`;
    })
    .join('');
  const mrz = (text: string, y: number) =>
    `<text x="${margin}" y="${y}" font-family="OCR B" font-size="${fontSize}" fill="#141414">${xmlText(text)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f3efe4"/>
    ${waves}
    <text x="${width / 2}" y="${height * 0.09}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${small * 1.3}" fill="#2b3a67">PASSPORT · PASSEPORT</text>
    <rect x="${width * 0.05}" y="${height * 0.15}" width="${width * 0.26}" height="${height * 0.5}" fill="#9aa3ad"/>
    <ellipse cx="${width * 0.18}" cy="${height * 0.35}" rx="${width * 0.07}" ry="${height * 0.11}" fill="#6f5a4c"/>
    <rect x="${width * 0.09}" y="${height * 0.48}" width="${width * 0.18}" height="${height * 0.17}" fill="#3a4452"/>
    ${printed}
    ${mrz(lines[0], firstBaseline)}
    ${mrz(lines[1], secondBaseline)}
  </svg>`;
};

/** A gaussian number (Box–Muller). */
const gaussian = (random: Random) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/**
 * The data page of a passport (its fields, or MRZ lines as printed, right or not), photographed
 * on a darker table with the given look.
 */
export const dataPage = async (
  passport: Td3Fields | readonly [string, string],
  look: PageLook,
  seed = 1,
): Promise<DataPage> => {
  const random = randomSource(seed);
  const lines = Array.isArray(passport)
    ? (passport as readonly [string, string])
    : td3Lines(passport as Td3Fields);
  const table = { r: 90, g: 80, b: 70, alpha: 1 };
  const page = await sharp(Buffer.from(pageSvg(lines, look, random)))
    .png()
    .toBuffer();
  const { width = 0 } = await sharp(page).metadata();
  const border = Math.round(width * 0.04);
  let image = sharp(
    await sharp(page)
      .extend({ top: border, bottom: border, left: border, right: border, background: table })
      .rotate(look.rotation, { background: table })
      .png()
      .toBuffer(),
  );
  if (look.blur >= 0.3) image = image.blur(look.blur);
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (look.noise > 0) {
    for (let i = 0; i < data.length; i += 3) {
      const grain = gaussian(random) * look.noise;
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + grain));
    }
  }
  const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  const encoded = look.format === 'png' ? raw.png() : raw.jpeg({ quality: 80 });
  return { lines, image: await encoded.toBuffer() };
};

/** The labelled set: `count` random passports, each on a random look. */
export const dataPageSet = (count: number, seed: number) => {
  const random = randomSource(seed);
  return Array.from({ length: count }, (_, i) => ({
    passport: randomPassport(random),
    look: randomLook(random),
    seed: seed + i,
  }));
};

/**
 * Encoded image bytes as the reader takes them: RGBA, as an ImageData holds them, and no more
 * than 1600 pixels on the longer side, as the browser's worker scales them (decodeImage.ts).
 */
export const decodeRgba = async (bytes: Buffer) => {
  const { data, info } = await sharp(bytes)
    .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
};
