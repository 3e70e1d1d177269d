// The passport machine-readable zone (ICAO 9303 TD3): parsing OCR text, and building lines.
export { td3Lines } from './build.ts';
export { mrzCheckDigit } from './check-digit.ts';
export { compareMrzWithPassport, type MrzFieldComparison, storedPassportOf } from './compare.ts';
export { passportValuesFromMrz } from './passport-values.ts';
export { parseTd3, type Td3CheckedField, type Td3Fields } from './td3.ts';
