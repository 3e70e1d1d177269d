// Travel documents compared exactly: issuing country (ISO alpha-3) and number, both normalized.

export interface LostDocument {
  /** ISO 3166-1 alpha-3, upper case. */
  readonly issuingCountry: string;
  /** As `normalizeDocumentNumber` gives it. */
  readonly documentNumber: string;
  readonly reportedOn: string;
}

/** Upper case, letters and digits only (spaces, hyphens and the MRZ filler `<` dropped). */
export const normalizeDocumentNumber = (number: string): string =>
  number.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The key a document is looked up by: `ISSUING-COUNTRY:NUMBER`. */
export const documentKey = (issuingCountry: string, number: string): string =>
  `${issuingCountry.trim().toUpperCase()}:${normalizeDocumentNumber(number)}`;

export type LostDocumentIndex = ReadonlyMap<string, LostDocument>;

export const buildLostDocumentIndex = (documents: readonly LostDocument[]): LostDocumentIndex =>
  new Map(documents.map((d) => [documentKey(d.issuingCountry, d.documentNumber), d]));
