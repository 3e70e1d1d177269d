#!/usr/bin/env node
// Renders the 37 MRZ glyphs (A–Z, 0–9, `<`) of the OCR-B font into the glyph templates that the
// passport scan reads the MRZ with: apps/web/src/routes/passport-details/scan/ocr-b-glyphs.json.
// Each glyph is drawn big with sharp (librsvg text, font-family "OCR B", which Debian's package
// fonts-ocr-b installs), then averaged down into a small cell: one character pitch wide, from
// `top` to `bottom` character pitches about the baseline (negative is above), `width` × `height`
// samples, 0 paper to 255 ink, row by row, base64. The reader samples each MRZ cell the same
// way, so a template is compared with a cell at the same place and scale.
// Run it again only when the cell geometry changes: `node scripts/mrz-templates.mjs`.
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

const OUT = new URL(
  '../apps/web/src/routes/passport-details/scan/ocr-b-glyphs.json',
  import.meta.url,
);
const GLYPHS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
const CELL = { width: 16, height: 20, top: -1.15, bottom: 0.1 };
/** Font size of the big drawing, in pixels. */
const SIZE = 400;
const LEFT = SIZE / 2;
const BASELINE = SIZE * 1.5;

/** The text drawn black on white: ink 0–255 at a pixel, and the ink's left and right edges. */
const draw = async (text) => {
  const width = LEFT * 2 + text.length * SIZE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${SIZE * 2}">
    <rect width="100%" height="100%" fill="#fff"/>
    <text x="${LEFT}" y="${BASELINE}" font-family="OCR B" font-size="${SIZE}">${text.replaceAll('<', '&lt;')}</text>
  </svg>`;
  const { data } = await sharp(Buffer.from(svg))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const ink = (x, y) => 255 - (data[y * width + x] ?? 255);
  const inkColumns = [];
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < SIZE * 2; y++) {
      if (ink(x, y) > 128) {
        inkColumns.push(x);
        break;
      }
    }
  }
  return { ink, left: inkColumns[0], right: inkColumns.at(-1) };
};

// The pitch: how far eleven H's reach beyond one.
const one = await draw('H');
const eleven = await draw('H'.repeat(11));
const pitch = (eleven.right - one.right) / 10;

/** The glyph averaged into the cell, as base64 bytes. */
const template = async (glyph) => {
  const { ink } = await draw(glyph);
  const samples = new Uint8Array(CELL.width * CELL.height);
  const sampleWidth = pitch / CELL.width;
  const sampleHeight = (pitch * (CELL.bottom - CELL.top)) / CELL.height;
  for (let row = 0; row < CELL.height; row++) {
    for (let column = 0; column < CELL.width; column++) {
      const x0 = LEFT + column * sampleWidth;
      const y0 = BASELINE + CELL.top * pitch + row * sampleHeight;
      let sum = 0;
      let count = 0;
      for (let y = Math.round(y0); y < Math.round(y0 + sampleHeight); y++) {
        for (let x = Math.round(x0); x < Math.round(x0 + sampleWidth); x++) {
          sum += ink(x, y);
          count++;
        }
      }
      samples[row * CELL.width + column] = Math.round(sum / count);
    }
  }
  return Buffer.from(samples).toString('base64');
};

const glyphs = {};
for (const glyph of GLYPHS) glyphs[glyph] = await template(glyph);
writeFileSync(OUT, `${JSON.stringify({ ...CELL, glyphs }, null, 2)}\n`);
console.log(`pitch ${pitch.toFixed(1)} px at font size ${SIZE}: wrote ${OUT.pathname}`);
