// Every reference value on the review follows the page's language (issue 25): countries, lists
// and dates are named from their ids in the language on screen, whatever language the form was
// filled in and whatever the page was first rendered in. The traveller here fills in Hebrew on a
// page prerendered in Hebrew (its region names embedded), then switches language after language.
import {
  type ApplicationDraft,
  ARRIVAL_DATE,
  BIRTH_DATE,
  bearerOf,
  EXPIRY_DATE,
  findCountry,
  formatDate,
  ISSUE_DATE,
  ROUTES,
} from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validDraft } from '../../../../../packages/domain/test/fixtures.ts';
import { renderScreen, seedReferenceData, testI18n } from '../../test/render.tsx';
import { ReviewPage } from './ReviewPage.tsx';

const LANGUAGES = ['he', 'ar', 'ru', 'fr', 'de', 'es', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

const catalogues = import.meta.glob<{ default: Record<string, Record<string, string>> }>(
  '../../i18n/locales/*/reference.json',
  { eager: true },
);
const referenceTexts = (language: string) =>
  catalogues[`../../i18n/locales/${language}/reference.json`]!.default;

const country = (id: number, language: Language) => {
  const found = findCountry(referenceData, id)!;
  return language === 'en'
    ? found.Official_country_name
    : new Intl.DisplayNames([language], { type: 'region' }).of(found.ISO_ALPHA2)!;
};
const listName = (list: string, code: number, language: Language, english: string) =>
  language === 'en' ? english : referenceTexts(language)[list]![String(code)]!;

const draft: ApplicationDraft = validDraft();
const b = bearerOf(draft);

/** Each reference value the review shows: its section, the label of its row, and its name. */
const ROWS: [section: RegExp, label: string, named: (language: Language) => string][] = [
  [
    /Travel information/,
    'travel:fields.entryReasonId.label',
    (l) => listName('entryReasons', b.entryReasonId!.id, l, b.entryReasonId!.Description),
  ],
  [
    /Travel information/,
    `travel:fields.${ARRIVAL_DATE.day}.label`,
    (l) => formatDate(b.estimatedArrivalDate, l),
  ],
  [
    /Travel information/,
    'travel:fields.lengthOfStayId.label',
    (l) => listName('lengthOfStay', b.lengthOfStayId!.id, l, b.lengthOfStayId!.Description),
  ],
  [
    /Passport details/,
    'passport:fields.passportTypeId.label',
    (l) => listName('passportType', b.passportTypeId!.docTypeId, l, b.passportTypeId!.docTypeDesc),
  ],
  [
    /Passport details/,
    'passport:fields.passportCountryId.label',
    (l) => country(b.passportCountryId!.id, l),
  ],
  [
    /Passport details/,
    'passport:fields.nationalityId.label',
    (l) => country(b.nationalityId!.id, l),
  ],
  [
    /Passport details/,
    `passport:fields.${ISSUE_DATE.day}.label`,
    (l) => formatDate(b.passportIssueDate, l),
  ],
  [
    /Passport details/,
    `passport:fields.${EXPIRY_DATE.day}.label`,
    (l) => formatDate(b.passportExpireDate, l),
  ],
  [
    /Passport details/,
    `passport:fields.${BIRTH_DATE.day}.label`,
    (l) => formatDate(b.birthDate, l),
  ],
  [
    /Passport details/,
    'passport:fields.birthCountryId.label',
    (l) => country(b.birthCountryId!.id, l),
  ],
  [
    /Passport details/,
    'passport:fields.gender.label',
    (l) => listName('gender', b.gender!.id, l, b.gender!.Description),
  ],
  [
    /Personal details/,
    'personal:fields.maritalStatusId.label',
    (l) => listName('maritalStatus', b.maritalStatusId!.id, l, b.maritalStatusId!.Description),
  ],
  [
    /Personal details/,
    'personal:fields.addressCountryId.label',
    (l) => country(b.addressCountryId!.id, l),
  ],
  [
    /Personal details/,
    'personal:fields.companyOccupationTypeId.label',
    (l) =>
      listName(
        'occupation',
        b.companyOccupationTypeId!.id,
        l,
        b.companyOccupationTypeId!.Description,
      ),
  ],
];

const i18n = testI18n();
for (const language of LANGUAGES) {
  i18n.addResourceBundle(language, 'reference', referenceTexts(language), true, true);
}
const hebrewNames = new Intl.DisplayNames(['he'], { type: 'region' });

/** The review as a page prerendered in Hebrew shows it: Hebrew texts, Hebrew names embedded. */
const openInHebrew = async () => {
  document.getElementById('region-names')?.remove();
  const names = Object.fromEntries(
    referenceData.allcountry.map((c) => [c.ISO_ALPHA2, hebrewNames.of(c.ISO_ALPHA2)]),
  );
  const embedded = document.createElement('script');
  embedded.type = 'application/json';
  embedded.id = 'region-names';
  embedded.textContent = JSON.stringify({ language: 'he', names });
  document.head.append(embedded);
  document.documentElement.lang = 'he';
  await i18n.changeLanguage('he');
  seedReferenceData();
  sessionStorage.setItem('jsonForm', JSON.stringify(draft));
  sessionStorage.setItem('auth-token', 'token');
  sessionStorage.setItem('confirmations', '{}');
  await act(async () => {
    renderScreen(<ReviewPage />, { path: ROUTES.review, route: ROUTES.review, i18n });
  });
  await screen.findByRole('heading', { level: 1, name: 'Check your answers and confirm' });
  for (const name of ['Passport details', 'Personal details']) {
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${name}`) }));
  }
};

/** As the app's switcher does: the texts and <html lang> change together. */
const switchTo = async (language: Language) => {
  document.documentElement.lang = language;
  await act(async () => {
    await i18n.changeLanguage(language);
  });
};

const shown = (section: RegExp, label: string) => {
  const region = screen.getByRole('region', { name: section });
  return within(region).getByText(i18n.t(label, { lng: 'en' })).nextSibling?.textContent;
};

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
});
afterAll(() => {
  vi.unstubAllGlobals();
  document.getElementById('region-names')?.remove();
});

describe('the review after filling in Hebrew', () => {
  it.each(LANGUAGES)(
    'names every reference value in %s once the page is in it',
    async (language) => {
      await openInHebrew();
      await switchTo(language);
      const table = (
        name: (label: string, row: (typeof ROWS)[number]) => string | null | undefined,
      ) => Object.fromEntries(ROWS.map((row) => [row[1], name(row[1], row)]));
      const expected = table((_, [, , named]) => named(language));
      for (const value of Object.values(expected)) expect(value).toBeTruthy();
      expect(table((label, [section]) => shown(section, label))).toEqual(expected);
      if (language !== 'he') {
        const nationality = findCountry(referenceData, b.nationalityId!.id)!;
        expect(screen.queryAllByText(hebrewNames.of(nationality.ISO_ALPHA2)!)).toEqual([]);
      }
    },
  );
});
