// A labelled set of name pairs, generated from a name pool with a seeded generator: true pairs
// are one person written another way (Cyrillic, Arabic or Hebrew script, a typo, swapped order,
// a dropped middle name); false pairs are two different people. Test code only.

export const FIRST_NAMES = [
  'Ahmed',
  'Alexander',
  'Alice',
  'Amir',
  'Anna',
  'Antonio',
  'Boris',
  'Carlos',
  'Catherine',
  'Daniel',
  'David',
  'Dmitri',
  'Elena',
  'Emily',
  'Fatima',
  'Francesco',
  'George',
  'Hassan',
  'Helen',
  'Igor',
  'Isabel',
  'Ivan',
  'James',
  'Jean',
  'Johann',
  'Jose',
  'Karim',
  'Katarina',
  'Leila',
  'Lucas',
  'Maria',
  'Martin',
  'Michael',
  'Mohammed',
  'Natalia',
  'Nikolai',
  'Olga',
  'Omar',
  'Pablo',
  'Peter',
  'Rania',
  'Robert',
  'Samir',
  'Sarah',
  'Sergei',
  'Sofia',
  'Thomas',
  'Victor',
  'Vladimir',
  'Walter',
  'Yasmin',
  'Youssef',
  'Yuri',
  'Zainab',
  'Hugo',
  'Laura',
  'Marco',
  'Nadia',
  'Oscar',
  'Paula',
  'Rafael',
  'Simon',
  'Tariq',
  'Ursula',
  'Viktor',
  'Xavier',
];

export const LAST_NAMES = [
  'Abramov',
  'Ali',
  'Alvarez',
  'Bauer',
  'Becker',
  'Bernard',
  'Brown',
  'Castillo',
  'Chen',
  'Dubois',
  'Fernandez',
  'Fischer',
  'Garcia',
  'Gonzalez',
  'Haddad',
  'Hoffmann',
  'Hussein',
  'Ivanov',
  'Jensen',
  'Johnson',
  'Kaminski',
  'Khalil',
  'Kowalski',
  'Kuznetsov',
  'Lambert',
  'Larsen',
  'Lopez',
  'Mansour',
  'Martinez',
  'Moreau',
  'Morozov',
  'Mueller',
  'Nasser',
  'Novak',
  'Orlov',
  'Petrov',
  'Popescu',
  'Rahman',
  'Rossi',
  'Saleh',
  'Schmidt',
  'Schneider',
  'Smirnov',
  'Sokolov',
  'Suleiman',
  'Taylor',
  'Volkov',
  'Wagner',
  'Weber',
  'Williams',
  'Yilmaz',
  'Zayed',
  'Romano',
  'Costa',
  'Silva',
  'Pereira',
  'Horvat',
  'Nielsen',
  'Kovacs',
  'Mazur',
  'Farouk',
  'Karimov',
  'Lebedev',
  'Bianchi',
  'Ricci',
  'Santos',
  'Duarte',
  'Vasquez',
  'Hamdan',
  'Qureshi',
];

/** mulberry32: a small seeded generator, so that every run measures the same pairs. */
export const seeded = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

/** Latin letters (digraphs first) written in another script, as people commonly write names. */
type ScriptMap = readonly (readonly [string, string])[];

const CYRILLIC: ScriptMap = [
  ['sch', 'ш'],
  ['sh', 'ш'],
  ['j', 'дж'],
  ['ch', 'ч'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['ya', 'я'],
  ['yu', 'ю'],
  ['ph', 'ф'],
  ['a', 'а'],
  ['b', 'б'],
  ['c', 'к'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'х'],
  ['i', 'и'],
  ['j', 'ж'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'к'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['w', 'в'],
  ['x', 'кс'],
  ['y', 'й'],
  ['z', 'з'],
];

// Abjads: short vowels are mostly not written; long or stressed ones as alif/waw/yod (the
// generator drops a vowel at random, as writers do).
const ARABIC: ScriptMap = [
  ['sch', 'ش'],
  ['sh', 'ش'],
  ['ch', 'تش'],
  ['kh', 'خ'],
  ['th', 'ث'],
  ['ph', 'ف'],
  ['a', 'ا'],
  ['b', 'ب'],
  ['c', 'ك'],
  ['d', 'د'],
  ['e', 'ي'],
  ['f', 'ف'],
  ['g', 'غ'],
  ['h', 'ه'],
  ['i', 'ي'],
  ['j', 'ج'],
  ['k', 'ك'],
  ['l', 'ل'],
  ['m', 'م'],
  ['n', 'ن'],
  ['o', 'و'],
  ['p', 'ب'],
  ['q', 'ق'],
  ['r', 'ر'],
  ['s', 'س'],
  ['t', 'ت'],
  ['u', 'و'],
  ['v', 'ف'],
  ['w', 'و'],
  ['x', 'كس'],
  ['y', 'ي'],
  ['z', 'ز'],
];

const HEBREW: ScriptMap = [
  ['sch', 'ש'],
  ['sh', 'ש'],
  ['ch', 'צ׳'],
  ['kh', 'ח'],
  ['th', 'ת'],
  ['ph', 'פ'],
  ['a', 'א'],
  ['b', 'ב'],
  ['c', 'ק'],
  ['d', 'ד'],
  ['e', 'י'],
  ['f', 'פ'],
  ['g', 'ג'],
  ['h', 'ה'],
  ['i', 'י'],
  ['j', 'ג׳'],
  ['k', 'ק'],
  ['l', 'ל'],
  ['m', 'מ'],
  ['n', 'נ'],
  ['o', 'ו'],
  ['p', 'פ'],
  ['q', 'ק'],
  ['r', 'ר'],
  ['s', 'ס'],
  ['t', 'ט'],
  ['u', 'ו'],
  ['v', 'ו'],
  ['w', 'ו'],
  ['x', 'קס'],
  ['y', 'י'],
  ['z', 'ז'],
];

const HEBREW_FINAL: Readonly<Record<string, string>> = { מ: 'ם', נ: 'ן', פ: 'ף', צ: 'ץ', כ: 'ך' };
const VOWELS = 'aeiou';

const writeWord = (word: string, map: ScriptMap, random: Random, dropVowels: boolean): string => {
  const lower = word.toLowerCase();
  let out = '';
  for (let i = 0; i < lower.length; ) {
    const found = map.find(([latin]) => lower.startsWith(latin, i));
    const latin = found?.[0] ?? lower[i] ?? '';
    const isVowel = latin.length === 1 && VOWELS.includes(latin);
    // A word-initial o/u is written on an alif/aleph carrier; Hebrew writes v inside a word as bet.
    if (dropVowels && i === 0 && (latin === 'o' || latin === 'u')) {
      out += map === ARABIC ? 'ا' : 'א';
    }
    if (i > 0 && latin === 'v' && map === HEBREW) {
      out += 'ב';
      i += 1;
      continue;
    }
    // An abjad writes a word's first vowel (alif/aleph carrier) but drops inner short vowels.
    const dropped = dropVowels && isVowel && i > 0 && i < lower.length - 1 && random() < 0.6;
    if (!dropped) out += found?.[1] ?? latin;
    i += Math.max(latin.length, 1);
  }
  return out;
};

const hebrewFinals = (word: string) =>
  word.replace(/[מנפצכ]$/u, (letter) => HEBREW_FINAL[letter] ?? letter);

export type Script = 'cyrillic' | 'arabic' | 'hebrew';

export const writeIn = (name: string, script: Script, random: Random = seeded(1)): string =>
  name
    .split(' ')
    .map((word) => {
      if (script === 'cyrillic') {
        const w = writeWord(word, CYRILLIC, random, false);
        return w.charAt(0).toUpperCase() + w.slice(1);
      }
      if (script === 'arabic') return writeWord(word, ARABIC, random, true);
      return hebrewFinals(writeWord(word, HEBREW, random, true));
    })
    .join(' ');

/** One edit in one word: a letter replaced, dropped, doubled or swapped with the next. */
export const typo = (name: string, random: Random): string => {
  const words = name.split(' ');
  const w = Math.floor(random() * words.length);
  const word = words[w] as string;
  const i = 1 + Math.floor(random() * Math.max(word.length - 2, 1));
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)] as string;
  const edits = [
    () => word.slice(0, i) + letter + word.slice(i + 1),
    () => word.slice(0, i) + word.slice(i + 1),
    () => word.slice(0, i) + word[i] + word.slice(i),
    () => word.slice(0, i) + (word[i + 1] ?? '') + word[i] + word.slice(i + 2),
  ];
  words[w] = pick(random, edits)();
  return words.join(' ');
};

export type Variant = 'cyrillic' | 'arabic' | 'hebrew' | 'typo' | 'swapped' | 'middleDropped';
export const VARIANTS: readonly Variant[] = [
  'cyrillic',
  'arabic',
  'hebrew',
  'typo',
  'swapped',
  'middleDropped',
];

export interface NamePair {
  readonly listed: string;
  readonly written: string;
  readonly same: boolean;
  readonly variant: Variant | 'different';
}

const person = (random: Random) => {
  const first = pick(random, FIRST_NAMES);
  const middle = random() < 0.4 ? pick(random, FIRST_NAMES) : undefined;
  const last = pick(random, LAST_NAMES);
  return { first, middle, last };
};

const fullName = (p: ReturnType<typeof person>) =>
  [p.first, p.middle, p.last].filter(Boolean).join(' ');

/** `count` true pairs of each variant and `count` false pairs of each written form. */
export const labelledPairs = (count: number, seed = 2026): NamePair[] => {
  const random = seeded(seed);
  const pairs: NamePair[] = [];
  for (let n = 0; n < count; n++) {
    const p = person(random);
    const listed = fullName(p);
    const plain = `${p.first} ${p.last}`;
    const withMiddle = `${p.first} ${p.middle ?? pick(random, FIRST_NAMES)} ${p.last}`;
    const written: Record<Variant, [string, string]> = {
      cyrillic: [listed, writeIn(listed, 'cyrillic', random)],
      arabic: [listed, writeIn(listed, 'arabic', random)],
      hebrew: [listed, writeIn(listed, 'hebrew', random)],
      typo: [listed, typo(listed, random)],
      swapped: [listed, `${p.last} ${p.first}`],
      middleDropped: [withMiddle, plain],
    };
    for (const variant of VARIANTS) {
      const [l, w] = written[variant];
      pairs.push({ listed: l, written: w, same: true, variant });
    }
    for (const script of ['latin', 'cyrillic', 'arabic', 'hebrew'] as const) {
      let other = person(random);
      while (other.first === p.first && other.last === p.last) other = person(random);
      const otherName = fullName(other);
      const w = script === 'latin' ? otherName : writeIn(otherName, script, random);
      pairs.push({ listed, written: w, same: false, variant: 'different' });
    }
  }
  return pairs;
};
