import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * How many items of a list fit in its box: the box's height (less its parts marked
 * `data-fit-fixed`, a table's head) over the height of its first `data-fit-item`. Measured again
 * when the box resizes. null while nothing can be measured (no item yet, a box that grows with its
 * content such as the phone's scrolling page, or no layout at all): then every item is shown.
 */
export function useFit(box: RefObject<HTMLElement | null>, enabled: boolean, hasItems: boolean): number | null {
  const [fit, setFit] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!enabled || !hasItems || !element) {
      setFit(null);
      return;
    }
    const measure = () => {
      const item = element.querySelector<HTMLElement>('[data-fit-item]');
      const height = item?.getBoundingClientRect().height ?? 0;
      if (height <= 0 || element.clientHeight <= 0) {
        setFit(null);
        return;
      }
      const fixed = [...element.querySelectorAll<HTMLElement>('[data-fit-fixed]')].reduce(
        (sum, part) => sum + part.getBoundingClientRect().height,
        0,
      );
      setFit(Math.max(1, Math.floor((element.clientHeight - fixed) / height)));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, enabled, hasItems]);
  return fit;
}

/** Seconds a page of sites stays on the wall before the next one. */
export const PAGE_SECONDS = 10;

/**
 * The page shown of `total` items in pages of `size` (null: one page of everything), turning to
 * the next page every PAGE_SECONDS and back to the first after the last.
 */
export function usePaging(total: number, size: number | null): { first: number; last: number } {
  const pages = size ? Math.max(1, Math.ceil(total / size)) : 1;
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (pages <= 1) return;
    const timer = setInterval(() => setPage((current) => (current + 1) % pages), PAGE_SECONDS * 1_000);
    return () => clearInterval(timer);
  }, [pages]);
  const shown = page < pages ? page : 0;
  if (!size) return { first: 0, last: total };
  return { first: shown * size, last: Math.min(total, (shown + 1) * size) };
}
