import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import { cockpitKeyAction, indexAfterRemoval, moveIndex } from './cockpit-keys';

export interface CockpitKeysOptions {
  rows: AttendanceQueueRow[];
  /** The queue's section: its table rows carry `data-row-key`. */
  container: RefObject<HTMLElement | null>;
  /** One of the page's own dialogs is open (its keys apply). */
  disabled: boolean;
  onOpen: (row: AttendanceQueueRow) => void;
  onApprove: (row: AttendanceQueueRow) => void;
  onReject: (row: AttendanceQueueRow) => void;
  onToggle: (row: AttendanceQueueRow) => void;
  onApproveSelected: () => void;
  onUndo: () => void;
  onHelp: () => void;
}

function anyModalOpen(): boolean {
  return document.body.classList.contains('modal-open') || document.querySelector('[aria-modal="true"]') !== null;
}

/**
 * The cockpit's keys on the document (see cockpit-keys.ts) and the focused row: the row with the
 * focus is the current one; when it leaves (decided here or by someone else) the focus goes to the
 * row now at its place, so the next decision is one key away.
 */
export function useCockpitKeys(options: CockpitKeysOptions) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const current = useRef<{ id: string | null; index: number }>({ id: null, index: -1 });

  const rowElements = useCallback(
    () => [...(options.container.current?.querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-key]') ?? [])],
    [options.container],
  );

  const focusIndex = useCallback(
    (index: number) => {
      const elements = rowElements();
      const element = elements[index];
      if (!element) return false;
      element.focus();
      element.scrollIntoView?.({ block: 'nearest' });
      current.current = { id: element.dataset.rowKey ?? null, index };
      return true;
    },
    [rowElements],
  );

  /** The current row: the focused one, else the one focused last while it is still listed. */
  const currentRow = useCallback((): AttendanceQueueRow | null => {
    const { rows } = latest.current;
    const active = document.activeElement;
    const focusedKey = active instanceof HTMLElement ? active.closest<HTMLElement>('tr[data-row-key]')?.dataset.rowKey : undefined;
    const id = focusedKey ?? current.current.id;
    return rows.find((row) => row.hash_id === id) ?? null;
  }, []);

  // Track the focused row (mouse clicks and Tab included).
  useEffect(() => {
    const container = options.container.current;
    if (!container) return undefined;
    const onFocusIn = (event: FocusEvent) => {
      const row = (event.target as HTMLElement | null)?.closest?.<HTMLElement>('tr[data-row-key]');
      if (!row) return;
      const index = rowElements().indexOf(row as HTMLTableRowElement);
      current.current = { id: row.dataset.rowKey ?? null, index };
    };
    container.addEventListener('focusin', onFocusIn);
    return () => container.removeEventListener('focusin', onFocusIn);
  }, [options.container, rowElements]);

  // The current row left the list: the focus goes to the row now at its place.
  useEffect(() => {
    const { id, index } = current.current;
    if (!id || options.disabled || anyModalOpen()) return;
    if (options.rows.some((row) => row.hash_id === id)) return;
    const active = document.activeElement;
    const inQueue = !active || active === document.body || options.container.current?.contains(active);
    if (!inQueue) return;
    const next = indexAfterRemoval(index, options.rows.length);
    if (next < 0 || !focusIndex(next)) current.current = { id: null, index };
  }, [options.rows, options.disabled, options.container, focusIndex]);

  // A dialog closed (a bulk confirm, the detail) with the focus nowhere (its row was decided and
  // left meanwhile): the focus goes back to the queue, to the row now at the current one's place.
  useEffect(() => {
    const repair = () => {
      if (latest.current.disabled || anyModalOpen()) return;
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      const { id, index } = current.current;
      if (!id && index < 0) return;
      const elements = rowElements();
      const same = elements.findIndex((element) => element.dataset.rowKey === id);
      focusIndex(same >= 0 ? same : indexAfterRemoval(index, elements.length));
    };
    let wasOpen = anyModalOpen();
    const observer = new MutationObserver(() => {
      const open = anyModalOpen();
      if (wasOpen && !open) window.setTimeout(repair, 0);
      wasOpen = open;
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ['class'], childList: true });
    return () => observer.disconnect();
  }, [focusIndex, rowElements]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const handlers = latest.current;
      const action = cockpitKeyAction({
        key: event.key,
        shiftKey: event.shiftKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        defaultPrevented: event.defaultPrevented,
        target: (event.target as HTMLElement | null) ?? {},
        modalOpen: handlers.disabled || anyModalOpen(),
      });
      if (!action) return;
      if (action === 'next' || action === 'previous') {
        event.preventDefault();
        const row = currentRow();
        const index = row ? handlers.rows.indexOf(row) : -1;
        focusIndex(moveIndex(index, handlers.rows.length, action));
        return;
      }
      if (action === 'approveSelected') return void (event.preventDefault(), handlers.onApproveSelected());
      if (action === 'undo') return void (event.preventDefault(), handlers.onUndo());
      if (action === 'help') return void (event.preventDefault(), handlers.onHelp());
      const row = currentRow();
      if (!row) return;
      event.preventDefault();
      if (action === 'open') handlers.onOpen(row);
      else if (action === 'approve') handlers.onApprove(row);
      else if (action === 'reject') handlers.onReject(row);
      else handlers.onToggle(row);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [currentRow, focusIndex]);

  /** Back to the current row after a dialog (the next one when it was decided meanwhile). */
  const restoreFocus = useCallback(() => {
    window.setTimeout(() => {
      const { id, index } = current.current;
      const elements = rowElements();
      const same = elements.findIndex((element) => element.dataset.rowKey === id);
      if (same >= 0) focusIndex(same);
      else if (index >= 0) focusIndex(indexAfterRemoval(index, elements.length));
    }, 0);
  }, [focusIndex, rowElements]);

  /** The skip link: the current row, else the first, else the queue itself. */
  const focusQueue = useCallback(() => {
    const elements = rowElements();
    const same = elements.findIndex((element) => element.dataset.rowKey === current.current.id);
    if (!focusIndex(same >= 0 ? same : 0)) options.container.current?.focus();
  }, [focusIndex, options.container, rowElements]);

  return useMemo(() => ({ restoreFocus, focusQueue }), [restoreFocus, focusQueue]);
}
