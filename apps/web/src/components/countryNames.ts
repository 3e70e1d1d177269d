// Country names in the reader's language where the browser knows them (Intl.DisplayNames, by
// ISO code); the reference data's English name otherwise. The draft keeps SPEC's English names.
import type { Country } from '@eta-il/domain';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export const useCountryName = () => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const names = useMemo(() => {
    try {
      return language === 'en' ? undefined : new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      return undefined;
    }
  }, [language]);
  return useCallback(
    (country: Pick<Country, 'ISO_ALPHA2' | 'Official_country_name'>) => {
      const local = names?.of(country.ISO_ALPHA2);
      return local && local !== country.ISO_ALPHA2 ? local : country.Official_country_name;
    },
    [names],
  );
};
