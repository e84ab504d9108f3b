import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISCONNECTED_GRACE_MS, useDisplayedConnection } from '../connection-display';
import type { ConnectionState } from '../realtime';

describe('useDisplayedConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const render = (initial: ConnectionState) =>
    renderHook(({ state }) => useDisplayedConnection(state), { initialProps: { state: initial } });

  it('says connecting, not disconnected, while a page loads', () => {
    const { result, rerender } = render('closed');
    expect(result.current).toBe('connecting');
    rerender({ state: 'connecting' });
    act(() => vi.advanceTimersByTime(DISCONNECTED_GRACE_MS - 1));
    expect(result.current).toBe('connecting');
    rerender({ state: 'open' });
    expect(result.current).toBe('open');
  });

  it('says disconnected once the socket has been down for the whole grace period', () => {
    const { result, rerender } = render('open');
    rerender({ state: 'closed' });
    expect(result.current).toBe('connecting');
    act(() => vi.advanceTimersByTime(DISCONNECTED_GRACE_MS / 2));
    // Retries flipping between connecting and closed do not restart the grace period.
    rerender({ state: 'connecting' });
    act(() => vi.advanceTimersByTime(DISCONNECTED_GRACE_MS / 2));
    expect(result.current).toBe('closed');
  });

  it('a reconnect clears the loss, and the next loss gets a fresh grace period', () => {
    const { result, rerender } = render('closed');
    act(() => vi.advanceTimersByTime(DISCONNECTED_GRACE_MS));
    expect(result.current).toBe('closed');
    rerender({ state: 'open' });
    expect(result.current).toBe('open');
    rerender({ state: 'closed' });
    expect(result.current).toBe('connecting');
  });
});
