// Test passport photos, drawn with sharp: a head and shoulders in front of a plain light wall, lit
// and sharp enough to pass every photo-quality check of the domain (packages/domain/src/photo).
// The server's suites and the end-to-end journeys (apps/web/e2e/journey.ts) upload these; a test
// of one check spoils one thing (a dark grey wall, shelves behind, a blur, too little light).
import sharp from 'sharp';

export interface PortraitOptions {
  /** The wall behind the head. */
  wall?: string;
  /** Book shelves on the wall: a background that is not plain. */
  shelves?: boolean;
  /** The head's size against the default (1), scaled about the middle of the face; 0 draws none. */
  head?: number;
  /** Hair around the head (the default): without it a large head does not cover the wall. */
  hair?: boolean;
}

/** Dark spines on the wall beside and above the head. */
const SHELVES = Array.from(
  { length: 15 },
  (_, i) => `<rect x="${i * 40}" y="0" width="18" height="800" fill="#5a3b22"/>`,
).join('');

/** Where the head would be, a chequered poster: sharp, lit, and no face. */
const NO_FACE = Array.from({ length: 36 }, (_, i) => {
  const [row, column] = [Math.floor(i / 6), i % 6];
  return (row + column) % 2
    ? ''
    : `<rect x="${150 + column * 50}" y="${200 + row * 50}" width="50" height="50" fill="#4a4a4a"/>`;
}).join('');

/**
 * The drawing, on a 600 × 800 grid stretched to the photo's size: hair, a face with eyes, brows,
 * nose and mouth inside the face area the checks judge, shoulders below the border band.
 */
const drawing = (
  width: number,
  height: number,
  { wall = '#eef0f2', shelves, head = 1, hair = true }: PortraitOptions,
) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"
      viewBox="0 0 600 800" preserveAspectRatio="none">
    <rect width="600" height="800" fill="${wall}"/>
    ${shelves ? SHELVES : ''}
    <ellipse cx="300" cy="880" rx="330" ry="240" fill="#1f3a5f"/>
    <g transform="translate(300 390) scale(${head}) translate(-300 -390)"${head ? '' : ' display="none"'}>
    <rect x="255" y="560" width="90" height="110" fill="#b98565"/>
    ${hair ? '<ellipse cx="300" cy="320" rx="175" ry="225" fill="#3b2a1e"/>' : ''}
    <ellipse cx="300" cy="390" rx="145" ry="195" fill="#c99272"/>
    <rect x="205" y="305" width="70" height="12" fill="#2b1d14"/>
    <rect x="325" y="305" width="70" height="12" fill="#2b1d14"/>
    <ellipse cx="240" cy="345" rx="30" ry="14" fill="#f8f8f8"/>
    <ellipse cx="360" cy="345" rx="30" ry="14" fill="#f8f8f8"/>
    <circle cx="240" cy="345" r="10" fill="#2a1a10"/>
    <circle cx="360" cy="345" r="10" fill="#2a1a10"/>
    <path d="M300 360 L285 430 L315 430" fill="none" stroke="#8a5a40" stroke-width="5"/>
    <ellipse cx="300" cy="480" rx="48" ry="13" fill="#8e3b3b"/>
    </g>
    ${head ? '' : NO_FACE}
  </svg>`;

/** A photo of `width` × `height` pixels (upright); the default passes every check. */
export const portrait = (width = 600, height = 800, options: PortraitOptions = {}) =>
  sharp(Buffer.from(drawing(width, height, options)));

export const portraitJpeg = (width = 600, height = 800, options: PortraitOptions = {}) =>
  portrait(width, height, options).jpeg({ quality: 90 }).toBuffer();

/** Two people side by side, each a portrait at half the size, on the same wall. */
export const twoPortraitsJpeg = async () => {
  const half = await portrait(300, 400).png().toBuffer();
  return sharp({ create: { width: 600, height: 800, channels: 3, background: '#eef0f2' } })
    .composite([
      { input: half, left: 0, top: 400 },
      { input: half, left: 300, top: 400 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
};
