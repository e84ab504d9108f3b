import { useEffect } from 'react';
import { env } from '@/config/env';
import { formatCount } from '@/lib/format';

const COUNT_PREFIX = /^\([\d.]+\) /;

/** `title` with the waiting count in front ('(12) Kehadiran | Persetujuan Absen'), or without any when 0. */
export function titleWithCount(title: string, count: number | null): string {
  const base = title.replace(COUNT_PREFIX, '');
  return count ? `(${formatCount(count)}) ${base}` : base;
}

/**
 * The tab's title carries the waiting count of the user's scope, so a tab in the background says how
 * much waits. The page title itself is set per route elsewhere: the count is put back in front of
 * the app's page titles ('Kehadiran | …'); a title set for another purpose (a printed document's file
 * name) is left as it is.
 */
export function useWaitingTitle(count: number | null): void {
  useEffect(() => {
    const apply = () => {
      if (!titleWithCount(document.title, null).startsWith(env.productName)) return;
      const next = titleWithCount(document.title, count);
      if (document.title !== next) document.title = next;
    };
    apply();
    const element = document.querySelector('title');
    const observer = element ? new MutationObserver(apply) : null;
    if (element) observer?.observe(element, { childList: true, characterData: true, subtree: true });
    return () => {
      observer?.disconnect();
      document.title = titleWithCount(document.title, null);
    };
  }, [count]);
}
