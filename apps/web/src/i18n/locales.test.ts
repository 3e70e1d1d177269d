// @vitest-environment node
// Every language says everything English says, with the same placeholders, and nothing more; every
// message id of the domain package has a text in every language, and every text the shared
// components read; e-mails too.
import { readdirSync, readFileSync } from 'node:fs';
import { messages, TEXT_PARAMETERS } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { UI_TEXT_KEYS } from '@eta-il/ui';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';

type Tree = { [key: string]: string | Tree };

const LOCALES = new URL('./locales/', import.meta.url);
const MAIL_LOCALES = new URL('../../../server/src/mail/locales/', import.meta.url);
const read = (url: URL): Tree => JSON.parse(readFileSync(url, 'utf8')) as Tree;

/** Every leaf as "a.b.c" → text. */
const leaves = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
};
/**
 * A text's placeholders. `currency` is English's word for the shekel ('25 NIS', SPEC); a language
 * may write its own word instead (ש״ח, شيكل), so it is left out of the comparison.
 */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)(?:, *\w+)?\}\}/g)]
    .map((m) => m[1])
    .filter((name) => name !== 'currency')
    .sort();

/** English: the screen namespaces, and the domain's catalogue as `messages`. */
const namespaces = readdirSync(new URL('./en/', LOCALES)).filter((f) => f.endsWith('.json'));
const english = (namespace: string): Tree =>
  namespace === 'messages.json'
    ? (messages as unknown as Tree)
    : read(new URL(`./en/${namespace}`, LOCALES));

/**
 * English's keys in another language: a key English pluralises (x_one, x_other) takes exactly the
 * plural forms of that language (Intl.PluralRules, which i18next selects by).
 */
const keysFor = (english: Map<string, string>, language: string): Map<string, string> => {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const out = new Map<string, string>();
  for (const [key, text] of english) {
    const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
    if (!plural) out.set(key, text);
    else
      for (const category of categories)
        out.set(`${plural[1]}_${category}`, english.get(`${plural[1]}_other`) ?? text);
  }
  return out;
};

/** The same keys (plural forms per language) and the same placeholders as English. */
const expectSameShape = (translated: Tree, source: Tree, where: string, language = 'en') => {
  const want = keysFor(leaves(source), language);
  const got = leaves(translated);
  expect(
    [...got.keys()].filter((k) => !want.has(k)),
    `${where}: keys English lacks`,
  ).toEqual([]);
  expect(
    [...want.keys()].filter((k) => !got.has(k)),
    `${where}: missing keys`,
  ).toEqual([]);
  for (const [key, text] of want) {
    expect(got.get(key)?.trim(), `${where}: ${key} is empty`).toBeTruthy();
    expect(placeholders(got.get(key) ?? ''), `${where}: ${key} placeholders`).toEqual(
      placeholders(text),
    );
  }
};

const shipped = LANGUAGES.filter((l) => l.code !== 'en').map((l) => l.code);

describe('locales', () => {
  it('the default namespace (common) has every text the shared components read (@eta-il/ui)', () => {
    const common = leaves(read(new URL('./en/common.json', LOCALES)));
    expect(UI_TEXT_KEYS.filter((key) => !common.get(key)?.trim())).toEqual([]);
  });

  it('every message id of the domain package has an English text', () => {
    for (const [id, text] of Object.entries(messages)) expect(text.trim(), id).not.toBe('');
  });

  it('the English reference names are the reference data descriptions', () => {
    const names = read(new URL('./en/reference.json', LOCALES));
    const byCode = <T>(list: T[], code: (t: T) => number, name: (t: T) => string) =>
      Object.fromEntries(list.map((i) => [String(code(i)), name(i)]));
    expect(names).toEqual({
      entryReasons: byCode(
        referenceData.entryReasons,
        (r) => r.Code,
        (r) => r.Description,
      ),
      lengthOfStay: byCode(
        referenceData.lengthofstay,
        (r) => r.Code,
        (r) => r.Description,
      ),
      passportType: byCode(
        referenceData.passportType,
        (r) => r.docTypeId,
        (r) => r.docTypeDesc,
      ),
      gender: byCode(
        referenceData.gender,
        (r) => r.Code,
        (r) => r.Gender,
      ),
      maritalStatus: byCode(
        referenceData.maritalstatus,
        (r) => r.Code,
        (r) => r.Description,
      ),
      occupation: byCode(
        referenceData.occupation,
        (r) => r.Code,
        (r) => r.Description,
      ),
    });
  });

  it.each(['he', 'ar'])(
    '%s isolates every e-mail address in its sentences ({{email, ltr}} or inside <email>)',
    (language) => {
      const files = readdirSync(new URL(`./${language}/`, LOCALES));
      const bare = files.flatMap((namespace) =>
        [...leaves(read(new URL(`./${language}/${namespace}`, LOCALES)))]
          .filter(([, text]) =>
            /\{\{email\}\}/.test(text.replaceAll('<email>{{email}}</email>', '')),
          )
          .map(([key]) => `${namespace} ${key}`),
      );
      expect(bare).toEqual([]);
      expect(
        files.some((f) =>
          /\{\{email, ltr\}\}/.test(readFileSync(new URL(`./${language}/${f}`, LOCALES), 'utf8')),
        ),
      ).toBe(true);
    },
  );

  it.each(shipped)(
    '%s has every namespace of English, with the same keys and placeholders',
    (language) => {
      const files = readdirSync(new URL(`./${language}/`, LOCALES)).filter((f) =>
        f.endsWith('.json'),
      );
      expect(files.sort()).toEqual([...namespaces, 'messages.json'].sort());
      for (const namespace of files) {
        expectSameShape(
          read(new URL(`./${language}/${namespace}`, LOCALES)),
          english(namespace),
          `${language}/${namespace}`,
          language,
        );
      }
    },
  );

  it.each(shipped)('%s e-mails say what the English ones say', (language) => {
    expectSameShape(
      read(new URL(`./${language}.json`, MAIL_LOCALES)),
      read(new URL('./en.json', MAIL_LOCALES)),
      `mail/${language}`,
    );
  });

  it.each(['he', 'ar'])(
    '%s: every example of spaced digits (a date such as 27 03 2019) is isolated left to right',
    (language) => {
      const texts = readdirSync(new URL(`./${language}/`, LOCALES))
        .filter((f) => f.endsWith('.json'))
        .flatMap((f) => [...leaves(read(new URL(`./${language}/${f}`, LOCALES))).values()]);
      const groups = texts.flatMap((text) => [...text.matchAll(/\d+(?: \d+)+/g)]);
      expect(groups.length).toBeGreaterThan(0);
      for (const group of groups) {
        const text = group.input ?? '';
        const at = group.index ?? 0;
        expect(text[at - 1], text).toBe('\u2066');
        expect(text[at + group[0].length], text).toBe('\u2069');
      }
    },
  );
  it.each(LANGUAGES.map((l) => l.code))(
    '%s: no text outside the reference lists writes a figure the constants hold (fee, stay, validity, answer time)',
    (language) => {
      // Figures of two digits or more (25, 90, 72) anywhere; the one-digit ones (2 years, 3 months)
      // next to their unit in English, as "Part 2 of 2" and "(2 digits)" are not those figures.
      const figures = new Set(
        Object.values(TEXT_PARAMETERS)
          .filter((v) => typeof v === 'number' && v >= 10)
          .map(String),
      );
      const unitFigure = new RegExp(
        `\\b(${TEXT_PARAMETERS.validityYears}|two) years?\\b|\\b${TEXT_PARAMETERS.maxStayMonths} months?\\b`,
        'i',
      );
      const texts = readdirSync(new URL(`./${language}/`, LOCALES))
        .filter((f) => f.endsWith('.json') && f !== 'reference.json')
        .flatMap((f) => [...leaves(read(new URL(`./${language}/${f}`, LOCALES))).entries()]);
      const domainEnglish = language === 'en' ? [...leaves(messages as unknown as Tree)] : [];
      expect(texts.length).toBeGreaterThan(0);
      for (const [key, text] of [...texts, ...domainEnglish]) {
        const numbers = text.replace(/\{\{\w+\}\}/g, '').match(/\d+/g) ?? [];
        for (const number of numbers) expect(figures.has(number), `${key}: ${text}`).toBe(false);
        expect(text, key).not.toMatch(/\bNIS\b|₪/);
        expect(text, key).not.toMatch(unitFigure);
      }
    },
  );
});
