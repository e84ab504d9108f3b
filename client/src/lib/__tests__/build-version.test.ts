import { act, renderHook } from '@testing-library/react';
import {
  CLIENT_BUILD,
  noteServerBuild,
  resetBuildVersionForTests,
  useNewBuildPending,
  useUnsavedInput,
} from '../build-version';

describe('a newer client build on the server', () => {
  let reloads = 0;
  beforeEach(() => {
    reloads = 0;
    resetBuildVersionForTests(() => {
      reloads += 1;
    });
  });

  it('knows its own build id and changes nothing for the same build or none', () => {
    expect(CLIENT_BUILD).toMatch(/.+/);
    noteServerBuild(CLIENT_BUILD);
    noteServerBuild(undefined);
    noteServerBuild('');
    expect(reloads).toBe(0);
  });

  it('reloads a back-office tab at once when no form holds unsaved input', () => {
    noteServerBuild('build-baru');
    expect(reloads).toBe(1);
  });

  it('reloads a display at once even while a form holds input', () => {
    renderHook(() => useUnsavedInput(true));
    noteServerBuild('build-baru', { display: true });
    expect(reloads).toBe(1);
  });

  it('waits for a form with unsaved input, showing the banner, and reloads once it is saved or closed', () => {
    const form = renderHook(({ dirty }) => useUnsavedInput(dirty), { initialProps: { dirty: true } });
    const banner = renderHook(() => useNewBuildPending());
    expect(banner.result.current).toBe(false);
    act(() => noteServerBuild('build-baru'));
    expect(reloads).toBe(0);
    expect(banner.result.current).toBe(true);
    // The same notice again (another topic's `subscribed`) changes nothing.
    act(() => noteServerBuild('build-baru'));
    expect(reloads).toBe(0);
    act(() => form.rerender({ dirty: false }));
    expect(reloads).toBe(1);
  });

  it('reloads at most once for one server build (a proxy serving the old index cannot make it loop)', () => {
    noteServerBuild('build-baru');
    expect(reloads).toBe(1);
    // After the reload: a fresh page, the same old bundle, the same notice.
    resetBuildVersionForTests(() => {
      reloads += 1;
    });
    window.sessionStorage.setItem('kehadiran.reloadedForBuild', 'build-baru');
    const banner = renderHook(() => useNewBuildPending());
    act(() => noteServerBuild('build-baru'));
    expect(reloads).toBe(1);
    expect(banner.result.current).toBe(true);
  });
});
