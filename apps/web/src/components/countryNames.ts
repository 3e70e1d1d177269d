// Country names in the reader's language where the browser knows them (Intl.DisplayNames, by
// ISO code); the reference data's English name otherwise. The draft keeps SPEC's English names.
// A prerendered page carries the names it was rendered with (the build's ICU may name a region
// differently from the browser's), and hydration uses those. Lists of countries are in the order of
// those names, as the reader's language sorts them (docs/decisions/027-country-order.md).
import type { Country } from '@eta-il/domain';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The element of a prerendered page holding its region names as JSON (ISO code → name). */
const REGION_NAMES_ELEMENT = 'region-names';

interface RegionNames {
  of: (code: string) => string | undefined;
}

/** The region names embedded in a prerendered page, with the language they are in. */
export interface PageRegionNames {
  language: string;
  names: Record<string, string>;
}

// The page's names serve only the language it was rendered in: once the reader switches
// language, <html lang> changes but the embedded names stay those of the first language.
const fromPage = (language: string): RegionNames | undefined => {
  if (typeof document === 'undefined') return;
  const text = document.getElementById(REGION_NAMES_ELEMENT)?.textContent;
  if (!text) return;
  const page = JSON.parse(text) as PageRegionNames;
  if (page.language !== language) return;
  return { of: (code) => page.names[code] };
};

/** Region names in `language` (none for English: the reference data's names are English). */
export const regionNames = (language: string): RegionNames | undefined => {
  if (language === 'en') return undefined;
  try {
    return fromPage(language) ?? new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    return undefined;
  }
};

/**
 * `items` sorted by the name each shows, as a reader of `language` sorts names (Intl.Collator).
 * Items with the same name keep their order.
 */
export const sortByName = <T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  language: string,
): T[] => {
  const collator = new Intl.Collator(language);
  return items
    .map((item) => ({ item, name: nameOf(item) }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ item }) => item);
};

export const useCountryName = () => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const names = useMemo(() => regionNames(language), [language]);
  return useCallback(
    (country: Pick<Country, 'ISO_ALPHA2' | 'Official_country_name'>) => {
      const local = names?.of(country.ISO_ALPHA2);
      return local && local !== country.ISO_ALPHA2 ? local : country.Official_country_name;
    },
    [names],
  );
};

/** `countries` sorted by their names in the reader's language, again whenever it changes. */
export const useCountriesByName = <C extends Pick<Country, 'ISO_ALPHA2' | 'Official_country_name'>>(
  countries: readonly C[],
): C[] => {
  const { i18n } = useTranslation();
  const countryName = useCountryName();
  return useMemo(
    () => sortByName(countries, countryName, i18n.language),
    [countries, countryName, i18n.language],
  );
};
