// How the case view names stored values: countries in the reader's language (Intl.DisplayNames by
// the reference data's ISO code, its English name otherwise), reference lists by the traveller's
// screens' own translations, dates with the month in words.
import {
  type Country,
  findCountry,
  findCountryByCode,
  type IdDescription,
  partsFromIso,
} from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** An ISO date (or the date part of a timestamp) with the month in words, as the review shows it. */
const dateInWords = (iso: string, language: string): string => {
  const { day, month, year } = partsFromIso(iso.slice(0, 10));
  if (!day) return iso;
  const locale = language === 'en' ? 'en-GB' : language;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.UTC(Number(year), Number(month) - 1, Number(day)),
  );
};

export const useNames = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const regions = useMemo(
    () => (language === 'en' ? undefined : new Intl.DisplayNames([language], { type: 'region' })),
    [language],
  );
  const countryName = useCallback(
    (c: Country) => regions?.of(c.ISO_ALPHA2) ?? c.Official_country_name,
    [regions],
  );
  return useMemo(
    () => ({
      /** A country of the reference data, by name. */
      countryName,
      date: (iso: string) => (iso ? dateInWords(iso, language) : ''),
      /** A stored {id, Description} country. */
      country: (stored: IdDescription | null | undefined) => {
        if (!stored) return '';
        const found = findCountry(referenceData, stored.id);
        return found ? countryName(found) : stored.Description;
      },
      /** A country by its id as text (how a correction records it). */
      countryById: (id: string) => {
        const found = findCountry(referenceData, Number(id));
        return found ? countryName(found) : id;
      },
      /** ISO 3166-1 alpha-3 (the screening's country) or alpha-2 (a watchlist's, lower case). */
      countryByCode: (code: string) => {
        const upper = code.trim().toUpperCase();
        const found =
          upper.length === 2
            ? referenceData.allcountry.find((c) => c.ISO_ALPHA2 === upper)
            : findCountryByCode(referenceData, upper);
        return found ? countryName(found) : upper;
      },
      /** A reference list's value by the traveller's screens' translation (reference namespace). */
      listed: (list: string, stored: IdDescription | null | undefined) =>
        stored ? t(`reference:${list}.${stored.id}`, { defaultValue: stored.Description }) : '',
      yesNo: (flag: 0 | 1 | null) =>
        flag === 1 ? t('common:yes') : flag === 0 ? t('common:no') : '',
      /** A language by its code, in the reader's language. */
      language: (code: string) =>
        new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code,
    }),
    [t, language, countryName],
  );
};

export type Names = ReturnType<typeof useNames>;
