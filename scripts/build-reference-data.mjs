#!/usr/bin/env node
// Generates packages/domain/src/reference-data/countries.json (the `allcountry` list, SPEC §3)
// from the ISO 3166 data of the i18n-iso-countries package plus the ETA-IL facts recorded in
// /work/shared/REFERENCE-FACTS.md. Sources and choices: docs/decisions/reference-data.md.
//
// Usage: node scripts/build-reference-data.mjs
// Fails (non-zero exit) when a name does not resolve, a count is off or an id collides.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import countries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
const LIBRARY_VERSION = require('i18n-iso-countries/package.json').version;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = join(ROOT, 'packages/domain/src/reference-data/countries.json');

// --- Facts -------------------------------------------------------------------------------------

/**
 * REFERENCE-FACTS.md "Who may use ETA-IL": the 100 nationalities the Passport Index dataset
 * (January 2025) lists as visa-free for Israel, spelled as there.
 */
const ETA_IL_NATIONALITIES = `
Albania, Andorra, Argentina, Australia, Austria, Bahamas, Barbados, Belarus, Belgium, Belize,
Botswana, Brazil, Bulgaria, Canada, Chile, Colombia, Costa Rica, Croatia, Cyprus, Czechia,
Denmark, Dominica, Dominican Republic, Ecuador, El Salvador, Estonia, Eswatini, Fiji, Finland,
France, Georgia, Germany, Greece, Grenada, Guatemala, Haiti, Honduras, Hong Kong, Hungary,
Iceland, Ireland, Italy, Jamaica, Japan, Latvia, Lesotho, Liechtenstein, Lithuania, Luxembourg,
Macao, Malawi, Malta, Mauritius, Mexico, Micronesia, Moldova, Monaco, Mongolia, Montenegro,
Nauru, Netherlands, New Zealand, North Macedonia, Norway, Palau, Panama, Papua New Guinea,
Paraguay, Peru, Philippines, Poland, Portugal, Romania, Russia, Saint Kitts and Nevis,
Saint Lucia, Samoa, San Marino, Serbia, Singapore, Slovakia, Slovenia, Solomon Islands,
South Africa, South Korea, Spain, Saint Vincent and the Grenadines, Suriname, Sweden,
Switzerland, Taiwan, Tonga, Trinidad and Tobago, Ukraine, United Arab Emirates, United Kingdom,
United States, Uruguay, Vanuatu, Vatican City
`
  .split(',')
  .map((name) => name.trim());
const ETA_IL_NATIONALITY_COUNT = 100;

/**
 * Names of the list above that the library spells differently (it only matches exact names).
 * Every other name must resolve through the library's own English names and aliases.
 */
const NAME_TO_ALPHA3 = {
  Micronesia: 'FSM', // the Federated States of Micronesia, not the wider Pacific region
  Moldova: 'MDA', // library: "Moldova, Republic of"
  'Vatican City': 'VAT', // library: "Holy See (Vatican City State)"
};

/** Prevention of Infiltration Law (1954): the states whose nationals are enemy nationals today. */
const ENEMY_STATES = ['LBN', 'SYR', 'IRQ', 'YEM', 'IRN'];

/**
 * Nationalities whose visa exemption with Israel is conditioned on a biometric passport.
 * ASSUMPTION (docs/decisions/reference-data.md): to confirm with the Population and Immigration
 * Authority.
 */
const BIOMETRIC_REQUIRED = ['UKR', 'GEO', 'MDA', 'BLR'];

/**
 * passport_country "N": Palestine (SPEC §5 relies on the flag: it is kept out of the passport and
 * nationality lists and is the one no-passport code allowed as an additional nationality), and
 * places that issue no passport of their own: uninhabited territories, and dependencies whose
 * people travel on the parent state's passport (the parent is noted).
 */
const NO_PASSPORT = {
  PSE: 'Palestine: flagged no-passport as SPEC §5 requires',
  // Uninhabited, or without a permanent population of its own.
  ATA: 'Antarctica',
  BVT: 'Bouvet Island (Norway)',
  HMD: 'Heard Island and McDonald Islands (Australia)',
  SGS: 'South Georgia and the South Sandwich Islands (United Kingdom)',
  UMI: 'United States Minor Outlying Islands (United States)',
  ATF: 'French Southern Territories (France)',
  IOT: 'British Indian Ocean Territory (United Kingdom)',
  // Disputed: its residents travel on Moroccan or other states' passports.
  ESH: 'Western Sahara',
  // Australia.
  CXR: 'Christmas Island',
  CCK: 'Cocos (Keeling) Islands',
  NFK: 'Norfolk Island',
  // New Zealand (realm).
  TKL: 'Tokelau',
  COK: 'Cook Islands',
  NIU: 'Niue',
  // Norway, Finland, Denmark.
  SJM: 'Svalbard and Jan Mayen',
  ALA: 'Åland Islands',
  FRO: 'Faroe Islands',
  GRL: 'Greenland',
  // France.
  WLF: 'Wallis and Futuna',
  PYF: 'French Polynesia',
  NCL: 'New Caledonia',
  SPM: 'Saint Pierre and Miquelon',
  BLM: 'Saint Barthélemy',
  MAF: 'Saint Martin (French part)',
  GLP: 'Guadeloupe',
  MTQ: 'Martinique',
  GUF: 'French Guiana',
  REU: 'Réunion',
  MYT: 'Mayotte',
  // Kingdom of the Netherlands.
  ABW: 'Aruba',
  CUW: 'Curaçao',
  SXM: 'Sint Maarten (Dutch part)',
  BES: 'Bonaire, Sint Eustatius and Saba',
  // United States.
  PRI: 'Puerto Rico',
  GUM: 'Guam',
  VIR: 'U.S. Virgin Islands',
  ASM: 'American Samoa',
  MNP: 'Northern Mariana Islands',
  // United Kingdom: Crown Dependencies and Overseas Territories (British passports).
  GGY: 'Guernsey',
  JEY: 'Jersey',
  IMN: 'Isle of Man',
  AIA: 'Anguilla',
  BMU: 'Bermuda',
  VGB: 'British Virgin Islands',
  CYM: 'Cayman Islands',
  MSR: 'Montserrat',
  TCA: 'Turks and Caicos Islands',
  FLK: 'Falkland Islands',
  GIB: 'Gibraltar',
  SHN: 'Saint Helena',
  PCN: 'Pitcairn',
};

/** ISO 3166-3: former countries kept for birth countries (birth dates before 1991 and so on). */
const FORMER_COUNTRIES = [
  { code: 'SUN', alpha2: 'SU', numeric: 810, name: 'Union of Soviet Socialist Republics (USSR)' },
  { code: 'YUG', alpha2: 'YU', numeric: 890, name: 'Yugoslavia' },
  { code: 'CSK', alpha2: 'CS', numeric: 200, name: 'Czechoslovakia' },
  { code: 'DDR', alpha2: 'DD', numeric: 278, name: 'German Democratic Republic (East Germany)' },
  { code: 'SCG', alpha2: 'CS', numeric: 891, name: 'Serbia and Montenegro' },
  { code: 'ANT', alpha2: 'AN', numeric: 530, name: 'Netherlands Antilles' },
];

const ISRAEL = 'ISR';
const EXCEPTION_COUNTRY = { id: 710, code: 'ZAF' }; // SPEC §9's exception id, read as ISO numeric

// --- Build ---------------------------------------------------------------------------------------

const yn = (flag) => (flag ? 'Y' : 'N');

/**
 * Names travellers read: ISO's list order ("Moldova, Republic of") is for indexes, not people,
 * and some ISO names are not how Israel refers to a place. These override the library.
 */
const DISPLAY_NAMES = {
  FSM: 'Micronesia (Federated States of)',
  MDA: 'Moldova',
  TWN: 'Taiwan',
  VAT: 'Vatican City',
  VGB: 'British Virgin Islands',
  VIR: 'United States Virgin Islands',
  FLK: 'Falkland Islands',
};

/** English name: a display override, else the library's official name, else its default one. */
const englishName = (alpha3) => {
  const name =
    DISPLAY_NAMES[alpha3] ??
    countries.getName(alpha3, 'en', { select: 'official' }) ??
    countries.getName(alpha3, 'en');
  assert.ok(name && name.trim() !== '', `no English name for ${alpha3}`);
  return name.trim();
};

const currentCodes = Object.keys(countries.getAlpha3Codes()).sort();
assert.ok(currentCodes.length >= 249, `library lists only ${currentCodes.length} countries`);

const resolveNationality = (name) => {
  const code = NAME_TO_ALPHA3[name] ?? countries.getAlpha3Code(name, 'en');
  if (!code || !currentCodes.includes(code)) {
    throw new Error(`ETA-IL nationality "${name}" does not map to an ISO 3166-1 alpha-3 code`);
  }
  return code;
};

assert.equal(
  new Set(ETA_IL_NATIONALITIES).size,
  ETA_IL_NATIONALITY_COUNT,
  'the ETA-IL nationality list must hold 100 distinct names',
);
const eligibleByName = new Map(ETA_IL_NATIONALITIES.map((n) => [n, resolveNationality(n)]));
const eligible = new Set(eligibleByName.values());
assert.equal(eligible.size, ETA_IL_NATIONALITY_COUNT, 'two nationality names map to one code');

for (const [label, codes] of Object.entries({
  ENEMY_STATES,
  BIOMETRIC_REQUIRED,
  NO_PASSPORT: Object.keys(NO_PASSPORT),
})) {
  for (const code of codes)
    assert.ok(currentCodes.includes(code), `${label}: unknown code ${code}`);
}
for (const code of BIOMETRIC_REQUIRED) {
  assert.ok(eligible.has(code), `biometric-required ${code} is not an ETA-IL nationality`);
}
for (const code of Object.keys(NO_PASSPORT)) {
  assert.ok(!eligible.has(code), `no-passport ${code} is an ETA-IL nationality`);
}
for (const code of ENEMY_STATES) {
  assert.ok(!eligible.has(code), `enemy state ${code} is an ETA-IL nationality`);
}
assert.ok(!eligible.has(ISRAEL), 'Israel cannot be an ETA-IL nationality');

const current = currentCodes.map((code) => {
  const numeric = countries.alpha3ToNumeric(code);
  assert.match(numeric ?? '', /^\d{3}$/, `no numeric code for ${code}`);
  return {
    EXT_COUNTRY_ID: Number(numeric),
    COUNTRY_CODE: code,
    ISO_ALPHA2: countries.alpha3ToAlpha2(code),
    Official_country_name: englishName(code),
    Exists_Today: 'Y',
    Enemy_countries: yn(ENEMY_STATES.includes(code)),
    passport_country: yn(!(code in NO_PASSPORT)),
    Eligible_for_ETAIL: yn(eligible.has(code)),
    Biometric_required: yn(BIOMETRIC_REQUIRED.includes(code)),
  };
});

const currentIds = new Set(current.map((c) => c.EXT_COUNTRY_ID));
assert.equal(currentIds.size, current.length, 'two current countries share a numeric code');
for (const f of FORMER_COUNTRIES) {
  assert.ok(!currentIds.has(f.numeric), `former ${f.code} id ${f.numeric} collides`);
  assert.ok(!currentCodes.includes(f.code), `former ${f.code} is still a current code`);
}

const former = FORMER_COUNTRIES.map((f) => ({
  EXT_COUNTRY_ID: f.numeric,
  COUNTRY_CODE: f.code,
  ISO_ALPHA2: f.alpha2,
  Official_country_name: f.name,
  Exists_Today: 'N',
  Enemy_countries: 'N',
  passport_country: 'N',
  Eligible_for_ETAIL: 'N',
  Biometric_required: 'N',
}));

const all = [...current, ...former].sort((a, b) => a.COUNTRY_CODE.localeCompare(b.COUNTRY_CODE));

// --- Final checks -------------------------------------------------------------------------------

const byCode = new Map(all.map((c) => [c.COUNTRY_CODE, c]));
assert.equal(
  new Set(all.map((c) => c.EXT_COUNTRY_ID)).size,
  all.length,
  'duplicate EXT_COUNTRY_ID',
);
assert.equal(byCode.size, all.length, 'duplicate COUNTRY_CODE');
assert.equal(all.filter((c) => c.Eligible_for_ETAIL === 'Y').length, ETA_IL_NATIONALITY_COUNT);
assert.equal(all.filter((c) => c.Enemy_countries === 'Y').length, ENEMY_STATES.length);
assert.equal(byCode.get(EXCEPTION_COUNTRY.code)?.EXT_COUNTRY_ID, EXCEPTION_COUNTRY.id);
for (const [code, id] of Object.entries({ USA: 840, ISR: 376, PSE: 275 })) {
  assert.equal(byCode.get(code)?.EXT_COUNTRY_ID, id, `${code} should be ${id}`);
}
assert.equal(byCode.get(ISRAEL)?.Eligible_for_ETAIL, 'N');
assert.equal(byCode.get('PSE')?.passport_country, 'N');
for (const code of ['HKG', 'MAC', 'TWN', 'VAT'])
  assert.equal(byCode.get(code)?.passport_country, 'Y');

writeFileSync(OUTPUT, `${JSON.stringify(all, null, 2)}\n`);

const say = (line) => process.stdout.write(`${line}\n`);
say(
  `Wrote ${all.length} countries (${current.length} current, ${former.length} former) to ` +
    `${relative(ROOT, OUTPUT)} from i18n-iso-countries ${LIBRARY_VERSION}.`,
);
say(`ETA-IL nationalities: ${eligible.size}; enemy states: ${ENEMY_STATES.join(', ')}.`);
say(
  `passport_country N: ${all
    .filter((c) => c.passport_country === 'N')
    .map((c) => c.COUNTRY_CODE)
    .join(', ')}.`,
);
