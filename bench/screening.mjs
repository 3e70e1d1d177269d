#!/usr/bin/env node
// Screening throughput (issue 10): bearers per second and p99 per bearer against a generated
// 100,000-person watchlist. Run: node bench/screening.mjs [entries] [bearers]
// Node 26 strips the domain's TypeScript types; the name generator is the tests' own.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  buildLostDocumentIndex,
  buildWatchlistIndex,
  isEligibleNationality,
  screenBearer,
} from '../packages/domain/src/index.ts';
import { referenceData } from '../packages/domain/src/reference-data/index.ts';
import {
  FIRST_NAMES,
  LAST_NAMES,
  seeded,
  typo,
  writeIn,
} from '../packages/domain/test/screening-pairs.ts';

const ENTRIES = Number(process.argv[2] ?? 100_000);
const BEARERS = Number(process.argv[3] ?? 5_000);
const random = seeded(42);
const pick = (list) => list[Math.floor(random() * list.length)];

// Names: a third from the common pools, the rest built of syllables (many distinct names).
const SYLLABLES = 'ka ri mo na le sa to vi da ne ro lu mi ha be go ya zu fe pa ti ko ra se '
  .concat('an el or in us am ib ul ek ar om iz ev al un ash ov ez ich ski sen son berg')
  .split(' ');
const word = (min, max) => {
  const n = min + Math.floor(random() * (max - min + 1));
  let w = '';
  for (let i = 0; i < n; i++) w += pick(SYLLABLES);
  return w.charAt(0).toUpperCase() + w.slice(1);
};
const firstName = () => (random() < 0.35 ? pick(FIRST_NAMES) : word(2, 3));
const lastName = () => (random() < 0.3 ? pick(LAST_NAMES) : word(2, 4));
const birthDate = () => {
  const y = 1940 + Math.floor(random() * 65);
  const m = String(1 + Math.floor(random() * 12)).padStart(2, '0');
  const d = String(1 + Math.floor(random() * 28)).padStart(2, '0');
  return `${y}-${m}-${d}`;
};
const alpha2 = referenceData.allcountry.map((c) => c.ISO_ALPHA2.toLowerCase());
const eligible = referenceData.allcountry.filter(isEligibleNationality);

const entries = [];
for (let i = 0; i < ENTRIES; i++) {
  const name = `${firstName()} ${random() < 0.3 ? `${firstName()} ` : ''}${lastName()}`;
  const aliases = [];
  if (random() < 0.5) aliases.push(typo(name, random));
  if (random() < 0.2) aliases.push(writeIn(name, pick(['cyrillic', 'arabic', 'hebrew']), random));
  const r = random();
  const dob = birthDate();
  entries.push({
    id: `gen-${i}`,
    name,
    aliases,
    birthDates: r < 0.7 ? [dob] : r < 0.85 ? [dob.slice(0, 4)] : [],
    countries: random() < 0.9 ? [pick(alpha2)] : [],
    listedOn: 'generated',
    lastChange: '',
  });
}

const memoryBefore = process.memoryUsage().heapUsed;
let started = performance.now();
const lists = {
  lostDocuments: buildLostDocumentIndex([]),
  watchlist: buildWatchlistIndex(entries),
  countries: referenceData.allcountry,
};
const indexMs = performance.now() - started;
const indexMb = (process.memoryUsage().heapUsed - memoryBefore) / 1e6;

// Bearers: 95% people not on the list, 5% listed people with the name typed another way.
const bearers = [];
for (let i = 0; i < BEARERS; i++) {
  const listed = random() < 0.05 ? pick(entries) : undefined;
  // A listed person travels on a passport of a listed country when there is an eligible one.
  const listedCountry = eligible.find((c) => c.ISO_ALPHA2.toLowerCase() === listed?.countries[0]);
  const nationality = listedCountry ?? pick(eligible);
  const listedBirth = listed?.birthDates[0];
  const name = listed ? typo(listed.name, random) : `${firstName()} ${lastName()}`;
  const [first, ...rest] = name.split(' ');
  bearers.push({
    listed: listed !== undefined,
    input: {
      firstName: first,
      lastName: rest.join(' '),
      birthDate:
        listedBirth === undefined
          ? birthDate()
          : listedBirth.length === 10
            ? listedBirth
            : `${listedBirth}-07-01`,
      nationalityCountryId: nationality.EXT_COUNTRY_ID,
      otherNationalityCountryIds: [],
      passportCountryId: nationality.EXT_COUNTRY_ID,
      passportCountryCode: nationality.COUNTRY_CODE,
      passportNumber: `P${String(i).padStart(8, '0')}`,
      passportExpiryDate: '2031-01-01',
      arrivalDate: '2027-01-01',
      lengthOfStayCode: 2,
      lawProblems: false,
      declaredRefusal: false,
      declaredRefusalText: '',
      anotherVisaRequest: false,
      anotherVisaRequestText: '',
      storedRefusals: [],
      falseHitMarks: [],
    },
  });
}

for (const b of bearers.slice(0, 200)) screenBearer(b.input, lists, '2026-11-24'); // warm-up
const times = [];
let referredClean = 0;
let foundListed = 0;
// Bearers drawn from the common pools often carry a listed person's exact name (and then are
// rightly referred when the birth date does not contradict): counted apart.
const nameOf = (input) => `${input.firstName} ${input.lastName}`.toLowerCase();
const listedNames = new Set(
  entries.flatMap((e) => [e.name, ...e.aliases]).map((n) => n.toLowerCase()),
);
let referredUnlisted = 0;
const cpuBefore = process.cpuUsage();
started = performance.now();
for (const b of bearers) {
  const t0 = performance.now();
  const result = screenBearer(b.input, lists, '2026-11-24');
  times.push(performance.now() - t0);
  const onWatchlist = result.hits.some((h) => h.code === 'WATCHLIST');
  if (b.listed && onWatchlist) foundListed += 1;
  if (!b.listed && onWatchlist) referredClean += 1;
  if (!b.listed && onWatchlist && !listedNames.has(nameOf(b.input))) referredUnlisted += 1;
}
const totalMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
times.sort((a, b) => a - b);
const p = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
const listedCount = bearers.filter((b) => b.listed).length;

console.log(
  JSON.stringify(
    {
      watchlistPersons: ENTRIES,
      indexedNames: lists.watchlist.names.length,
      indexBuildMs: Math.round(indexMs),
      indexHeapMb: Math.round(indexMb),
      bearers: BEARERS,
      bearersPerSecond: Math.round((BEARERS / totalMs) * 1000),
      // The machine is shared: bearers per second of CPU time this process was given.
      bearersPerCpuSecond: Math.round((BEARERS / cpuMs) * 1000),
      loadAverage: Number(loadavg()[0].toFixed(1)),
      p50Ms: Number(p(0.5).toFixed(3)),
      p99Ms: Number(p(0.99).toFixed(3)),
      maxMs: Number(times[times.length - 1].toFixed(3)),
      listedBearersFound: `${foundListed}/${listedCount}`,
      cleanBearersReferred: `${referredClean}/${BEARERS - listedCount}`,
      cleanBearersReferredWithoutListedName: `${referredUnlisted}/${BEARERS - listedCount}`,
    },
    null,
    2,
  ),
);
// Issue 32's aim on this list: at least 1,000 bearers a second on one core.
const AIM_BEARERS_PER_SECOND = 1000;
const rate = Math.round((BEARERS / totalMs) * 1000);
if (rate < AIM_BEARERS_PER_SECOND) process.exitCode = 1;
console.log(
  rate >= AIM_BEARERS_PER_SECOND
    ? `screening: ${rate} bearers/s (aim ≥ ${AIM_BEARERS_PER_SECOND}) aim met`
    : `screening: ${rate} bearers/s (aim ≥ ${AIM_BEARERS_PER_SECOND}) BELOW AIM by ${AIM_BEARERS_PER_SECOND - rate}/s: most of the time is the blocking scan over the postings of persons listed without a birth date and the name comparisons of their candidates (bench/README.md, profiles)`,
);
