// The build's renderer (bundled by `vite build --ssr`): one entry page in one language, rendered
// by the same components the browser hydrates, with everything it suspends on resolved.
import { messages, TEXT_PARAMETERS } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { createInstance, type Resource } from 'i18next';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { App } from '../App.tsx';
import { type PageRegionNames, regionNames } from '../components/countryNames.ts';
import { addBidiFormats } from '../i18n/bidi.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/languages.ts';
import { provideReferenceData, referenceReads } from '../session/reference.ts';

export { ENTRY_ROUTES, entryKey } from './entry-routes.ts';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/locales/*/*.json', {
  eager: true,
});

const resources: Resource = { en: { messages } };
for (const [path, module] of Object.entries(files)) {
  const [language = '', file = ''] = path.split('/').slice(-2);
  resources[language] = { ...resources[language], [file.replace(/\.json$/, '')]: module.default };
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code);

export interface RenderedPage {
  html: string;
  /** The i18next namespaces the screen used (the browser loads them before hydrating). */
  namespaces: string[];
  /** The reference lists, when the screen read them (embedded in the page). */
  referenceData?: typeof referenceData;
  /** The region names the screen used (ISO code → name) and their language, when it named countries. */
  regionNames?: PageRegionNames;
  /** The document title the screen sets once running. */
  title: string;
}

provideReferenceData(referenceData);

const namesOf = (language: string) => {
  const names = regionNames(language);
  if (!names) return {};
  const codes = referenceData.allcountry.map((c) => c.ISO_ALPHA2);
  const named = Object.fromEntries(codes.map((code) => [code, names.of(code) ?? code]));
  return { regionNames: { language, names: named } };
};

export const renderPage = async (path: string, language: string): Promise<RenderedPage> => {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    defaultNS: 'common',
    ns: ['common', 'messages'],
    interpolation: { escapeValue: false, defaultVariables: TEXT_PARAMETERS },
    react: { useSuspense: true },
    returnNull: false,
    initAsync: false,
  });
  addBidiFormats(i18n);
  const readsBefore = referenceReads();
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <I18nextProvider i18n={i18n}>
          <App />
        </I18nextProvider>
      </StaticRouter>
    </StrictMode>,
    // Every boundary inline, in order: no script is needed to show the page (and CSP allows none).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  const heading = (/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '').replace(/<!--.*?-->/g, '');
  // react-i18next records each namespace a component asked for (its SSR support).
  const { reportNamespaces } = i18n as typeof i18n & {
    reportNamespaces?: { getUsedNamespaces: () => string[] };
  };
  const used = reportNamespaces?.getUsedNamespaces() ?? [];
  return {
    html,
    namespaces: [...new Set(used)].filter((ns) => ns !== 'common' && ns !== 'messages'),
    ...(referenceReads() > readsBefore && { referenceData, ...namesOf(language) }),
    title: `${heading} – ${escapeHtml(i18n.t('serviceName'))}`,
  };
};
