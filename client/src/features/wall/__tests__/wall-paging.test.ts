import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SECONDS, usePaging } from '../components/use-fit';

describe('the sites turn a page at a time when they do not all fit', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows every site at once when nothing limits them', () => {
    const { result } = renderHook(() => usePaging(15, null));
    expect(result.current).toEqual({ first: 0, last: 15 });
    act(() => vi.advanceTimersByTime(PAGE_SECONDS * 3_000));
    expect(result.current).toEqual({ first: 0, last: 15 });
  });

  it('turns to the next page, then back to the first after the last', () => {
    const { result } = renderHook(() => usePaging(15, 6));
    expect(result.current).toEqual({ first: 0, last: 6 });
    act(() => vi.advanceTimersByTime(PAGE_SECONDS * 1_000));
    expect(result.current).toEqual({ first: 6, last: 12 });
    act(() => vi.advanceTimersByTime(PAGE_SECONDS * 1_000));
    expect(result.current).toEqual({ first: 12, last: 15 });
    act(() => vi.advanceTimersByTime(PAGE_SECONDS * 1_000));
    expect(result.current).toEqual({ first: 0, last: 6 });
  });

  it('stays on one page when every site fits', () => {
    const { result } = renderHook(() => usePaging(5, 8));
    act(() => vi.advanceTimersByTime(PAGE_SECONDS * 2_000));
    expect(result.current).toEqual({ first: 0, last: 5 });
  });
});
