// The lost and stolen travel documents list (LOST_DOCUMENTS_PATH): CSV with the header
// `issuing_country,document_number,reported_on`. The country is ISO alpha-3 (or alpha-2, mapped
// through the reference countries); rows that are not understood are skipped and counted.
import {
  type Country,
  type LostDocument,
  normalizeDocumentNumber,
  PASSPORT_NUMBER_LENGTH,
} from '@eta-il/domain';
import { readCsv } from './csv.ts';

export interface LoadedList<T> {
  readonly items: readonly T[];
  /** Lines skipped: malformed CSV, or values that are not understood. */
  readonly skipped: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const alpha3Of = (countries: readonly Country[], code: string): string | undefined => {
  const upper = code.toUpperCase();
  const country = countries.find((c) =>
    upper.length === 2 ? c.ISO_ALPHA2 === upper : c.COUNTRY_CODE === upper,
  );
  return country?.COUNTRY_CODE;
};

export const parseLostDocuments = (
  text: string,
  countries: readonly Country[],
): LoadedList<LostDocument> => {
  const { rows, malformed } = readCsv(text);
  const items: LostDocument[] = [];
  for (const row of rows) {
    const issuingCountry = alpha3Of(countries, row.issuing_country ?? '');
    const documentNumber = normalizeDocumentNumber(row.document_number ?? '');
    const reportedOn = row.reported_on ?? '';
    const numberFits = documentNumber.length >= PASSPORT_NUMBER_LENGTH.min;
    if (!issuingCountry || !numberFits || !(reportedOn === '' || ISO_DATE.test(reportedOn))) {
      continue;
    }
    items.push({ issuingCountry, documentNumber, reportedOn });
  }
  return { items, skipped: malformed + rows.length - items.length };
};
