// The build's prerendered entry pages (apps/web/scripts/prerender.mjs), read once at start-up:
// per path and language, the HTML with its brotli and gzip bodies (written by the build's
// precompress step) and a strong ETag.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface PrerenderedPage {
  html: Buffer;
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
  /** CSP hashes of this page's inline scripts. */
  scriptHashes: string[];
}

export interface PrerenderedPages {
  /** Path key (lower case, no trailing slash) → language → page. */
  pages: Map<string, Map<string, PrerenderedPage>>;
  /** CSP hashes of the inline stylesheet. */
  styleHashes: string[];
}

interface PagesFile {
  styleHashes: string[];
  pages: { path: string; language: string; file: string; scriptHashes: string[] }[];
}

const readOr = (path: string, make: () => Buffer) =>
  existsSync(path) ? readFileSync(path) : make();

export const loadPrerenderedPages = (webDist: string): PrerenderedPages => {
  const folder = join(webDist, 'prerendered');
  const index = join(folder, 'pages.json');
  if (!existsSync(index)) return { pages: new Map(), styleHashes: [] };
  const listed = JSON.parse(readFileSync(index, 'utf8')) as PagesFile;
  const pages = new Map<string, Map<string, PrerenderedPage>>();
  for (const { path, language, file, scriptHashes } of listed.pages) {
    const full = join(folder, file);
    const html = readFileSync(full);
    const page: PrerenderedPage = {
      html,
      brotli: readOr(`${full}.br`, () => brotliCompressSync(html)),
      gzip: readOr(`${full}.gz`, () => gzipSync(html)),
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      scriptHashes,
    };
    pages.set(path, (pages.get(path) ?? new Map()).set(language, page));
  }
  return { pages, styleHashes: listed.styleHashes };
};
