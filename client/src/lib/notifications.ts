import { useSyncExternalStore } from 'react';
import { listenerSet } from './listeners';

export const NOTIFICATION_DURATION_MS = 3000;
/** A notice is read, not just glanced at: it stays longer. */
export const NOTICE_DURATION_MS = 8000;

export interface Notification {
  id: number;
  kind: 'error' | 'success' | 'info';
  message: string;
  /** The page the popup was raised on: leaving it closes the popup. */
  pathname?: string;
}

interface NotificationState {
  popup: Notification | null;
  toasts: Notification[];
}

let state: NotificationState = { popup: null, toasts: [] };
let nextId = 1;
const listeners = listenerSet();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: NotificationState): void {
  state = next;
  listeners.notify();
}

function schedule(id: number, ms = NOTIFICATION_DURATION_MS): void {
  timers.set(
    id,
    setTimeout(() => dismiss(id), ms),
  );
}

/** A centred error popup; a newer error replaces the one on screen. */
export function showError(message: string): void {
  if (state.popup) clearTimeout(timers.get(state.popup.id));
  const popup: Notification = { id: nextId++, kind: 'error', message, pathname: window.location.pathname };
  emit({ ...state, popup });
  schedule(popup.id);
}

/** A top-right success toast; several may stack. */
export function showSuccess(message: string): void {
  const toast: Notification = { id: nextId++, kind: 'success', message };
  emit({ ...state, toasts: [...state.toasts, toast] });
  schedule(toast.id);
}

/**
 * A calm, non-blocking notice beside the success toasts (no backdrop, no focus taken): something
 * the user should know that is not a failure, e.g. a colleague already decided the item.
 */
export function showNotice(message: string): void {
  const toast: Notification = { id: nextId++, kind: 'info', message };
  emit({ ...state, toasts: [...state.toasts.filter((shown) => shown.message !== message), toast] });
  schedule(toast.id, NOTICE_DURATION_MS);
}

export function dismiss(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  emit({
    popup: state.popup?.id === id ? null : state.popup,
    toasts: state.toasts.filter((toast) => toast.id !== id),
  });
}

/** Called on every navigation: an error raised on another page no longer applies. */
export function closePopupOutside(pathname: string): void {
  if (state.popup && state.popup.pathname !== pathname) dismiss(state.popup.id);
}

export function clearNotifications(): void {
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
  emit({ popup: null, toasts: [] });
}

export function getNotifications(): NotificationState {
  return state;
}

export function useNotifications(): NotificationState {
  return useSyncExternalStore(listeners.subscribe, getNotifications, getNotifications);
}
