import { useSyncExternalStore } from 'react';

/** Below Bootstrap's lg breakpoint: the shell's off-canvas sidebar, filter drawers. */
export const BELOW_LG = '(max-width: 991.98px)';

/** Whether a CSS media query matches, kept current as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', listener);
      return () => list?.removeEventListener('change', listener);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
