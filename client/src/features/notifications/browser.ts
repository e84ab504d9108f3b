import { useSyncExternalStore } from 'react';
import { notificationsText as text } from '@/i18n/notifications.id';
import { listenerSet } from '@/lib/listeners';
import { navigateTo } from '@/lib/navigation';

/**
 * The browser's own notifications (DESIGN §20): only with the user's consent (the panel's button asks
 * the browser's permission and remembers the choice in this browser), and only while this tab is
 * hidden; the in-app bell covers a visible tab.
 */
export const BROWSER_CONSENT_KEY = 'kehadiran.notifications.browser';

export type BrowserNotificationState = 'unsupported' | 'denied' | 'off' | 'on';

const listeners = listenerSet();

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

function consented(): boolean {
  try {
    return window.localStorage.getItem(BROWSER_CONSENT_KEY) === 'on';
  } catch {
    return false;
  }
}

export function browserNotificationState(): BrowserNotificationState {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && consented() ? 'on' : 'off';
}

export function useBrowserNotificationState(): BrowserNotificationState {
  return useSyncExternalStore(listeners.subscribe, browserNotificationState, browserNotificationState);
}

/** Ask the browser's permission (a click of the user's) and, granted, remember the consent. */
export async function enableBrowserNotifications(): Promise<BrowserNotificationState> {
  if (!supported()) return 'unsupported';
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'granted') {
    try {
      window.localStorage.setItem(BROWSER_CONSENT_KEY, 'on');
    } catch {
      // Private mode without storage: on for this page only is not worth a half state; stays off.
    }
  }
  listeners.notify();
  return browserNotificationState();
}

export function disableBrowserNotifications(): void {
  try {
    window.localStorage.removeItem(BROWSER_CONSENT_KEY);
  } catch {
    // nothing remembered
  }
  listeners.notify();
}

export interface BrowserNotice {
  title: string;
  body?: string;
  link?: string;
  /** Notices of one tag replace each other (a coalesced queue row growing). */
  tag: string;
}

/** Show `notice` as the browser's notification when consented and this tab is hidden; whether it was shown. */
export function showBrowserNotification(notice: BrowserNotice): boolean {
  if (browserNotificationState() !== 'on' || document.visibilityState !== 'hidden') return false;
  const shown = new Notification(notice.title, { body: notice.body || text.kinds['queue.new'], tag: notice.tag });
  shown.onclick = () => {
    window.focus();
    if (notice.link) navigateTo(notice.link);
    shown.close();
  };
  return true;
}
