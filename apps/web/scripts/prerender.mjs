#!/usr/bin/env node
// After `vite build` and `vite build --ssr`: writes every entry page in every language into
// dist/prerendered/<language>/<page>.html, ready to show before any JavaScript runs. Each page
// inlines the app's CSS, loads its screen's chunk and texts after the first paint, and embeds the reference lists its
// screen reads. dist/prerendered/pages.json tells the server what is there
// (apps/server/src/web-app.ts; docs/decisions/015-prerendered-entry-pages.md).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dist = 'dist', ssr = 'dist-ssr'] = process.argv.slice(2);
const { renderPage, ENTRY_ROUTES, entryKey, LANGUAGE_CODES } = await import(
  pathToFileURL(join(ssr, 'render.js')).href
);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const template = readFileSync(join(dist, 'index.html'), 'utf8');
const RTL = new Set(['he', 'ar']);

/** A chunk's file and, recursively, those of its static imports. */
const chunkFiles = (key, seen = new Set()) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(k, seen))];
};
/** Already loaded by the page's own entry script. */
const entryFiles = new Set(chunkFiles('index.html'));
// The screens' texts are JSON files named by one hash of them all (texts-plugin.ts).
const textsBase = readdirSync(join(dist, 'assets'))
  .map((file) => /^(texts-\w+)\.en\.common\.json$/.exec(file)?.[1])
  .find(Boolean);
if (!textsBase) throw new Error('no texts in dist/assets');
const localeFile = (language, namespace) => {
  const file = `assets/${textsBase}.${language}.${namespace}.json`;
  return existsSync(join(dist, file)) ? file : undefined;
};

// The whole stylesheet is the first screen's critical CSS (a few KB): inlined, no request.
const stylesheet = /<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/.exec(template);
if (!stylesheet) throw new Error('no stylesheet link in index.html');
const css = readFileSync(join(dist, stylesheet[1]), 'utf8').trim();
const styleHash = `sha256-${createHash('sha256').update(css).digest('base64')}`;

// The app's own scripts are requested right after the first paint, not from the head: on a slow
// link the HTML that holds the first screen gets the whole bandwidth, and the screen's chunk,
// texts and the shared chunk then load in one parallel wave (no chain), listed in #boot: scripts
// as module preloads, texts as fetch preloads (the same request i18n's fetch makes).
const entryScripts = [
  ...template.matchAll(/<script type="module" crossorigin src="\/([^"]+)"><\/script>\s*/g),
];
if (entryScripts.length === 0) throw new Error('no module script in index.html');
const BOOT = `const go=()=>{const{load,run}=JSON.parse(document.getElementById('boot').textContent);for(const href of load){const link=document.createElement('link');if(href.endsWith('.json')){link.rel='preload';link.as='fetch'}else link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.append(link)}for(const src of run)import(src)};document.visibilityState==='visible'?requestAnimationFrame(()=>setTimeout(go)):go()`;
// A line that names this site's host (the verification page's "official site"): written before
// the first paint, from the address the reader actually sees, never from the server.
const HOST_LINE = `for(const p of document.querySelectorAll('[data-host-line]')){p.textContent=p.textContent.replace('\u2002',location.host);p.classList.remove('is-pending');p.removeAttribute('aria-hidden')}`;
// An eligibility step opened without the answers it needs (a bookmark, a reload after the session
// ended) goes to the first question before anything is painted or downloaded, as the screen itself
// would once hydrated (useStartOverWithoutAnswers).
const startOverScript = ({ needs, startOver }) =>
  needs.length === 0
    ? undefined
    : `try{if(!${JSON.stringify(needs)}.every(k=>sessionStorage.getItem(k)))location.replace(${JSON.stringify(startOver)})}catch{}`;
const hashOf = (script) => `sha256-${createHash('sha256').update(script).digest('base64')}`;

const jsonScript = (id, data) =>
  data === undefined
    ? ''
    : `<script type="application/json" id="${id}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

const pageHtml = (rendered, language) => {
  const run = entryScripts.map(([, file]) => `/${file}`);
  const load = [
    ...new Set([
      ...run,
      ...[
        ...rendered.screenFiles,
        ...['common', 'messages', ...rendered.namespaces].map((ns) => localeFile(language, ns)),
      ]
        .filter((file) => file && !entryFiles.has(file))
        .map((file) => `/${file}`),
    ]),
  ];
  const withoutEntryScripts = entryScripts.reduce((html, [tag]) => html.replace(tag, ''), template);
  return withoutEntryScripts
    .replace(
      /<html lang="en" dir="ltr">/,
      `<html lang="${language}" dir="${RTL.has(language) ? 'rtl' : 'ltr'}" data-namespaces="${rendered.namespaces.join(' ')}">`,
    )
    .replace(
      /<title>.*?<\/title>/s,
      `<title>${rendered.title}</title>${rendered.startOver ? `<script>${rendered.startOver}</script>` : ''}`,
    )
    .replace(stylesheet[0], `<style>${css}</style>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${rendered.html}</div>${rendered.html.includes('data-host-line') ? `<script>${HOST_LINE}</script>` : ''}${jsonScript('reference-data', rendered.referenceData)}${jsonScript('region-names', rendered.regionNames)}${jsonScript('boot', { load, run })}<script type="module">${BOOT}</script>`,
    );
};

const out = join(dist, 'prerendered');
rmSync(out, { recursive: true, force: true });
const pages = [];
for (const route of ENTRY_ROUTES) {
  if (!manifest[route.screen]) throw new Error(`${route.screen} is not a chunk of the build`);
  const key = entryKey(route.path);
  const name = key === '/' ? 'index' : key.slice(1).replace(/\//g, '_');
  for (const language of LANGUAGE_CODES) {
    const rendered = await renderPage(route.path, language);
    const file = join(language, `${name}.html`);
    mkdirSync(join(out, language), { recursive: true });
    const html = pageHtml(
      { ...rendered, screenFiles: chunkFiles(route.screen), startOver: startOverScript(route) },
      language,
    );
    writeFileSync(join(out, file), html);
    // The page's own inline scripts, each allowed by its hash in the page's CSP.
    const scriptHashes = [...html.matchAll(/<script(?: type="module")?>(.*?)<\/script>/gs)].map(
      ([, script]) => hashOf(script),
    );
    pages.push({ path: key, route: route.path, language, file, scriptHashes });
  }
}
writeFileSync(
  join(out, 'pages.json'),
  JSON.stringify({ styleHashes: [styleHash], pages }, null, 2),
);
process.stdout.write(
  `prerendered ${pages.length} pages (${ENTRY_ROUTES.length} routes) in ${out}\n`,
);
