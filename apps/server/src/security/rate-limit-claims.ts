// Hits counted in the process from blocks claimed in the shared store (issue 32 item 5). A limit
// of `max` a window is claimed in blocks of 5 % of `max` (at least 1, at most 1,000): the first
// request of a block adds the whole block to the shared count in one round trip and learns which
// numbers are its own; the next requests are numbered from the block in memory, no round trip.
// Once the shared count has passed `max`, the process refuses locally until the window ends.
//
// What this promises: no number up to `max` is served twice across instances, so a client is
// never served past its limit. A client may be refused early by up to (instances − 1) blocks
// that other instances claimed and did not use (5 % of the limit each); below 20 a window every
// request claims its own number, exactly as before. Decision 053.
import type { Clock } from '../clock.ts';

/** A window's count for one key: the hits so far and the milliseconds until the window ends. */
export interface Hits {
  current: number;
  ttl: number;
}

/** Adds `n` hits to `key` in the shared store, opening a new window when the last has ended. */
export type ClaimHits = (
  key: string,
  windowMs: number,
  n: number,
) => Promise<{ total: number; resetAt: number }>;

const BLOCK_SHARE = 20;
const MAX_BLOCK = 1000;

/** How many hits one round trip claims for a limit of `max` a window. */
export const blockFor = (max: number) =>
  Math.min(MAX_BLOCK, Math.max(1, Math.floor(max / BLOCK_SHARE)));

interface Window {
  resetAt: number;
  /** The next number of this process's block, and the last (next > last: none left). */
  next: number;
  last: number;
  /** The shared count has passed the limit: hits are refused, numbered on from `next`. */
  past?: true;
  claiming?: Promise<unknown>;
}

const SWEEP_EVERY_MS = 60_000;

export interface ClaimingCounter {
  hit: (key: string, windowMs: number, max: number) => Promise<Hits>;
}

export const claimingCounter = (claim: ClaimHits, clock: Clock): ClaimingCounter => {
  const windows = new Map<string, Window>();
  let lastSweep = 0;
  const sweep = (now: number) => {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };

  const claimFor = async (key: string, windowMs: number, max: number) => {
    const n = blockFor(max);
    const { total, resetAt } = await claim(key, windowMs, n);
    const first = total - n + 1;
    const window: Window =
      first > max
        ? { resetAt, next: first, last: first - 1, past: true }
        : { resetAt, next: first, last: Math.min(total, max) };
    windows.set(key, window);
    return window;
  };

  const hit = async (key: string, windowMs: number, max: number): Promise<Hits> => {
    const now = clock().getTime();
    sweep(now);
    let window = windows.get(key);
    if (window && window.resetAt <= now) {
      windows.delete(key);
      window = undefined;
    }
    if (window?.claiming) {
      await window.claiming.catch(() => undefined);
      return hit(key, windowMs, max);
    }
    if (window && (window.next <= window.last || window.past)) {
      return { current: window.next++, ttl: window.resetAt - now };
    }
    // The block is used up (or there is none): claim the next, one claim at a time per key.
    const placeholder: Window = { resetAt: Number.POSITIVE_INFINITY, next: 1, last: 0 };
    const claiming = claimFor(key, windowMs, max);
    placeholder.claiming = claiming;
    windows.set(key, placeholder);
    try {
      const claimed = await claiming;
      return { current: claimed.next++, ttl: Math.max(0, claimed.resetAt - now) };
    } catch (error) {
      if (windows.get(key) === placeholder) windows.delete(key);
      throw error;
    }
  };
  return { hit };
};
