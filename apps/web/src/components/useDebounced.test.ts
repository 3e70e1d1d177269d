// The phone country search waits 250 ms after the last keystroke (SPEC §5 "Phone input").
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebounced } from './useDebounced.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDebounced', () => {
  it('gives the new value only once it has stood still for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 250), {
      initialProps: { value: '' },
    });
    rerender({ value: 'g' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'ge' });
    act(() => vi.advanceTimersByTime(200));
    // 400 ms after the first change, but only 200 ms after the last one.
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe('ge');
  });

  it('passes the value straight through with no delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 0), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'ab' });
    expect(result.current).toBe('ab');
  });
});
