// Component tests render with the real English texts (every namespace, loaded eagerly) inside a
// memory router at the given path. A test may switch the language: the texts stay English, the
// country names and their order follow it.
import { messages, TEXT_PARAMETERS } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
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

/** The real reference lists in session storage, as a screen finds them after GET /api/getalldata. */
export const seedReferenceData = () => {
  forgetReferenceData();
  cacheReferenceData(referenceData);
};
