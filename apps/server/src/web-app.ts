// The built web app on the same origin: assets cached for good; each entry page prerendered in
// the reader's language (docs/decisions/015-prerendered-entry-pages.md); every other route gets
// the single-page app's shell.
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendRefusal } from './http.ts';
import { chooseLanguage, LANGUAGE_COOKIE } from './web/language.ts';
import { loadPrerenderedPages, type PrerenderedPages } from './web/prerendered.ts';

const PRERENDERED_FOLDER = '/prerendered/';

/** The path as the build names entry pages: lower case, no trailing slash, no query. */
const pageKey = (url: string) => (url.split('?')[0] ?? '').toLowerCase().replace(/\/+$/, '') || '/';

/** Helmet's policy, with an inline stylesheet or script of the prerendered pages allowed by its hash. */
const allowInline = (
  reply: FastifyReply,
  directive: 'style-src' | 'script-src',
  hashes: readonly string[],
) => {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string' || hashes.length === 0) return;
  const sources = hashes.map((h) => `'${h}'`).join(' ');
  const present = new RegExp(`${directive} ([^;]*)`);
  reply.header(
    'Content-Security-Policy',
    present.test(policy)
      ? policy.replace(present, `${directive} $1 ${sources}`)
      : `${policy};${directive} 'self' ${sources}`,
  );
};

const sendPrerendered = (
  request: FastifyRequest,
  reply: FastifyReply,
  prerendered: PrerenderedPages,
  byLanguage: NonNullable<ReturnType<PrerenderedPages['pages']['get']>>,
) => {
  const language = chooseLanguage(
    request.cookies?.[LANGUAGE_COOKIE],
    request.headers['accept-language'],
    [...byLanguage.keys()],
  );
  const page = byLanguage.get(language);
  if (!page) return false;
  allowInline(reply, 'style-src', prerendered.styleHashes);
  allowInline(reply, 'script-src', page.scriptHashes);
  reply
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
    .header('Content-Language', language)
    .header('ETag', page.etag);
  if (request.headers['if-none-match'] === page.etag) {
    reply.code(304).send();
    return true;
  }
  reply.type('text/html; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) reply.header('Content-Encoding', 'br').send(page.brotli);
  else if (/\bgzip\b/.test(accepted)) reply.header('Content-Encoding', 'gzip').send(page.gzip);
  else reply.send(page.html);
  return true;
};

/** A hashed file of the build (`/assets/…`): immutable, so never rate-limited. */
export const isImmutableAsset = (url: string) =>
  /^\/assets\/[\w.-]+$/.test(url.split('?')[0] ?? '');

export const registerWebApp = async (app: FastifyInstance, webDist: string | undefined) => {
  const prerendered = webDist ? loadPrerenderedPages(webDist) : undefined;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The prerendered pages are answered by path and language below, not by file name.
      allowedPath: (path) => !path.startsWith(PRERENDERED_FOLDER),
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'Cache-Control',
          path.includes(`${join('/', 'assets', '/')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // The back office answers only on its own port (office/app.ts): never an /office path here.
    const isOffice = /^\/office(?:[/?#]|$)/.test(request.url);
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/dev/') || isOffice;
    if (request.method !== 'GET' || isApi || !webDist) {
      return sendRefusal(reply, 404, { message: 'Not found.' });
    }
    const byLanguage = prerendered?.pages.get(pageKey(request.url));
    if (prerendered && byLanguage && sendPrerendered(request, reply, prerendered, byLanguage)) {
      return reply;
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
};
