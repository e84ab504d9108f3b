import { useEffect, useRef } from 'react';

/*
 * Keyboard and screen-reader users land on the page, not on <body>: the skip link moves focus to the
 * page's h1 (or the main area), and so does every route change (WCAG 2.4.1, 2.4.3). The h1 of the new
 * page may arrive after the route change (lazy pages, loading states), so it is awaited.
 */

const MAIN_ID = 'main-content';
const WAIT_MS = 4000;

function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/** The skip link's target: the page's h1, or the main area while the page has none. */
export function focusMainContent(): void {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading) focusHeading(heading);
  else main.focus();
}

/** After each route change (not the first page), focus the new page's h1 once it is there. */
export function useHeadingFocusOnNavigation(pathname: string): void {
  const previousHeading = useRef<Element | null>(null);
  const firstPage = useRef(true);

  useEffect(() => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    if (firstPage.current) {
      firstPage.current = false;
      previousHeading.current = main.querySelector('h1');
      return;
    }
    const leaving = previousHeading.current;
    const tryFocus = (): boolean => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading || heading === leaving) return false;
      previousHeading.current = heading;
      // A field the user already moved to on the new page keeps its focus.
      const active = document.activeElement;
      if (active && active !== document.body && main.contains(active)) return true;
      focusHeading(heading);
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname]);
}
