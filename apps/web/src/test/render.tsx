// Component tests render with the real English texts (every namespace, loaded eagerly) inside a
// memory router at the given path. A test may switch the language: the texts stay English, the
// country names and their order follow it.
import { messages, TEXT_PARAMETERS } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { act, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { addBidiFormats } from '../i18n/bidi.ts';
import { cacheReferenceData, forgetReferenceData } from '../session/reference.ts';

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>(
  '../i18n/locales/en/*.json',
  {
    eager: true,
  },
);
const resources = Object.fromEntries(
  Object.entries(catalogues).map(([path, module]) => [
    path.split('/').at(-1)!.replace('.json', ''),
    module.default,
  ]),
);

export const testI18n = () => {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { ...resources, messages } },
    defaultNS: 'common',
    interpolation: { escapeValue: false, defaultVariables: TEXT_PARAMETERS },
    react: { useSuspense: false },
    initAsync: false,
  });
  addBidiFormats(i18n);
  return i18n;
};

export const renderScreen = (
  ui: ReactNode,
  {
    path = '/',
    route = '*',
    i18n = testI18n(),
  }: { path?: string; route?: string; i18n?: ReturnType<typeof testI18n> } = {},
) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );

const Where = () => <p data-testid="location">{useLocation().pathname}</p>;

/**
 * A screen at its own path, in Suspense as the app lazy-loads it; a path it leads to elsewhere
 * shows where the router went (`currentPath`).
 */
export const openScreenAt = async (path: string, ui: ReactNode) => {
  await act(async () => {
    renderScreen(
      <Routes>
        <Route path={path} element={<Suspense>{ui}</Suspense>} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { path },
    );
  });
};

/** Where the screen opened by `openScreenAt` led, once it left its path. */
export const currentPath = () => screen.queryByTestId('location')?.textContent;

/** The real reference lists in session storage, as a screen finds them after GET /api/getalldata. */
export const seedReferenceData = () => {
  forgetReferenceData();
  cacheReferenceData(referenceData);
};
