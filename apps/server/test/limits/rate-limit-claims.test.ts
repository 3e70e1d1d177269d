// Issue 32 item 5: a counted request costs no round trip to the shared store. Each process claims
// hits in blocks and numbers them in memory; here two processes' counters claim from one atomic
// shared count (a Map, as the store's single upsert is atomic), under the test clock.
import { describe, expect, it } from 'vitest';
import { blockFor, type ClaimHits, claimingCounter } from '../../src/security/rate-limit-claims.ts';
import { testClock } from '../harness.ts';

const WINDOW = 60_000;

/** One shared count per key, and every claim made (the round trips). */
const sharedStore = (clock: () => Date) => {
  const counts = new Map<string, { hits: number; resetAt: number }>();
  const claims: number[] = [];
  const claim: ClaimHits = async (key, windowMs, n) => {
    await new Promise((resolve) => setImmediate(resolve));
    claims.push(n);
    const now = clock().getTime();
    const row = counts.get(key);
    const next =
      !row || row.resetAt <= now
        ? { hits: n, resetAt: now + windowMs }
        : { hits: row.hits + n, resetAt: row.resetAt };
    counts.set(key, next);
    return { total: next.hits, resetAt: next.resetAt };
  };
  return { claim, claims, counts };
};

const served = (answers: { current: number }[], max: number) =>
  answers.filter((a) => a.current <= max).length;

describe('hits claimed in blocks', () => {
  it('a block is 5 % of the limit, at least 1 and at most 1,000', () => {
    expect([1, 19, 20, 600, 6000, 1_000_000].map(blockFor)).toEqual([1, 1, 1, 30, 300, 1000]);
  });

  it('one process: 600 hits at once on a limit of 600 cost 20 round trips, numbered 1 to 600 once each', async () => {
    const clock = testClock();
    const store = sharedStore(clock);
    const counter = claimingCounter(store.claim, clock);
    const answers = await Promise.all(
      Array.from({ length: 600 }, () => counter.hit('k', WINDOW, 600)),
    );
    expect(answers.map((a) => a.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 600 }, (_, i) => i + 1),
    );
    expect(store.claims).toEqual(Array(20).fill(30));
    expect(answers.every((a) => a.ttl === WINDOW)).toBe(true);
  });

  it('past the limit, refused without a round trip until the window ends, then served again', async () => {
    const clock = testClock();
    const store = sharedStore(clock);
    const counter = claimingCounter(store.claim, clock);
    const first = [];
    for (let i = 0; i < 8; i++) first.push((await counter.hit('k', WINDOW, 4)).current);
    expect(first).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Four served, one claim that found the limit passed, then refusals counted in memory.
    expect(store.claims).toHaveLength(5);
    clock.advance(30_000);
    expect(await counter.hit('k', WINDOW, 4)).toEqual({ current: 9, ttl: 30_000 });
    clock.advance(30_000);
    expect(await counter.hit('k', WINDOW, 4)).toEqual({ current: 1, ttl: WINDOW });
    expect(store.claims).toHaveLength(6);
  });

  it('two processes never serve past the limit and refuse at most one block early each', async () => {
    const clock = testClock();
    const store = sharedStore(clock);
    const a = claimingCounter(store.claim, clock);
    const b = claimingCounter(store.claim, clock);
    const max = 200;
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, i) => (i % 3 === 0 ? a : b).hit('k', WINDOW, max)),
    );
    const numbers = answers.map((x) => x.current).filter((n) => n <= max);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(served(answers, max)).toBeLessThanOrEqual(max);
    expect(served(answers, max)).toBeGreaterThanOrEqual(max - blockFor(max));
  });

  it('below 20 a window, every hit is its own claim: two processes take turns exactly', async () => {
    const clock = testClock();
    const store = sharedStore(clock);
    const processes = [claimingCounter(store.claim, clock), claimingCounter(store.claim, clock)];
    const currents = [];
    for (let i = 0; i < 6; i++) {
      currents.push((await processes[i % 2]?.hit('k', WINDOW, 4))?.current);
    }
    expect(currents).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a failed claim is not remembered: the next hit claims again', async () => {
    const clock = testClock();
    const store = sharedStore(clock);
    let fail = true;
    const counter = claimingCounter(async (key, windowMs, n) => {
      if (fail) throw new Error('store away');
      return store.claim(key, windowMs, n);
    }, clock);
    await expect(counter.hit('k', WINDOW, 100)).rejects.toThrow('store away');
    fail = false;
    expect((await counter.hit('k', WINDOW, 100)).current).toBe(1);
  });
});
