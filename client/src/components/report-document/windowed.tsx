import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface WindowedBlocksProps<T> {
  items: readonly T[];
  /** A block's height before it is measured (px): a good guess keeps the scrollbar steady. */
  estimate: (item: T) => number;
  itemKey: (item: T) => string;
  render: (item: T, index: number) => ReactNode;
  /** Blocks rendered beyond the window on each side. */
  overscan?: number;
}

/**
 * Blocks of a long document rendered only around what is on screen (issue [5/7]): the page keeps its own
 * scrollbar (the window scrolls), each block is measured once it renders, and the blocks out of view are
 * left out of the DOM. Print renders the whole document instead (`ReportDocument`'s `printing`).
 */
export function WindowedBlocks<T>({ items, estimate, itemKey, render, overscan = 2 }: WindowedBlocksProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const element = list.current;
    if (element) setMargin(element.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: (index) => estimate(items[index]),
    getItemKey: (index) => itemKey(items[index]),
    overscan,
    scrollMargin: margin,
  });
  return (
    <div ref={list} className="report-windowed" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className="report-windowed-block"
          style={{ transform: `translateY(${item.start - margin}px)` }}
        >
          {render(items[item.index], item.index)}
        </div>
      ))}
    </div>
  );
}
