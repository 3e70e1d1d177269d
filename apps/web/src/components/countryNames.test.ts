// Lists of countries are in the order of their shown names, as the reader's language sorts them
// (docs/decisions/027-country-order.md), not SPEC §5's country-code order.
import { describe, expect, it } from 'vitest';
import { sortByName } from './countryNames.ts';

const names = (items: readonly string[], language: string) =>
  sortByName(items, (name) => name, language);

describe('sortByName', () => {
  it('sorts by the name, accents beside their letter: Åland Islands after Afghanistan, before Albania', () => {
    expect(names(['Zambia', 'Albania', 'Åland Islands', 'Afghanistan'], 'en')).toEqual([
      'Afghanistan',
      'Åland Islands',
      'Albania',
      'Zambia',
    ]);
    expect(names(['Zypern', 'Albanien', 'Ägypten', 'Afghanistan'], 'de')).toEqual([
      'Afghanistan',
      'Ägypten',
      'Albanien',
      'Zypern',
    ]);
  });

  it("sorts as the language does: Spanish puts 'ñ' after every 'n', English beside it", () => {
    expect(names(['ñu', 'nz'], 'es')).toEqual(['nz', 'ñu']);
    expect(names(['ñu', 'nz'], 'en')).toEqual(['ñu', 'nz']);
  });

  it('sorts Hebrew and Arabic names by their own alphabets', () => {
    expect(names(['ישראל', 'אוסטריה', 'בלגיה'], 'he')).toEqual(['אוסטריה', 'בלגיה', 'ישראל']);
    expect(names(['مصر', 'الأردن', 'تونس'], 'ar')).toEqual(['الأردن', 'تونس', 'مصر']);
  });

  it('sorts items by the name each shows, keeps items of the same name in their order, and leaves the list as it was', () => {
    const countries = [
      { code: 'USA', name: 'United States' },
      { code: 'UMI', name: 'United States Minor Outlying Islands' },
      { code: 'XXA', name: 'Atlantis' },
      { code: 'XXB', name: 'Atlantis' },
    ];
    const before = [...countries];
    expect(sortByName(countries, (c) => c.name, 'en').map((c) => c.code)).toEqual([
      'XXA',
      'XXB',
      'USA',
      'UMI',
    ]);
    expect(countries).toEqual(before);
  });
});
