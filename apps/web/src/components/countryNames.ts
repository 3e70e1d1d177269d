// Country names in the reader's language where the browser knows them (Intl.DisplayNames, by
// ISO code); the reference data's English name otherwise. The draft keeps SPEC's English names.
// A prerendered page carries the names it was rendered with (the build's ICU may name a region
// differently from the browser's), and hydration uses those.
import type { Country } from '@eta-il/domain';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The element of a prerendered page holding its region names as JSON (ISO code → name). */
export const REGION_NAMES_ELEMENT = 'region-names';

interface RegionNames {
  of: (code: string) => string | undefined;
}

const fromPage = (language: string): RegionNames | undefined => {
  if (typeof document === 'undefined' || document.documentElement.lang !== language) return;
  const text = document.getElementById(REGION_NAMES_ELEMENT)?.textContent;
  if (!text) return;
  const names = JSON.parse(text) as Record<string, string>;
  return { of: (code) => names[code] };
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
