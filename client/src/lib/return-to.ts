import { paths } from '@/config/paths';

/** Router state carried to /login or /lock-screen: the page the user asked for. */
export interface ReturnState {
  from: string;
}

const PUBLIC_PREFIXES = [paths.login, paths.forgotPassword, paths.resetPassword, paths.mobileResetPassword, paths.lockScreen];

export function returnState(location: { pathname: string; search?: string; hash?: string }): ReturnState {
  return { from: `${location.pathname}${location.search ?? ''}${location.hash ?? ''}` };
}

/**
 * Where to go after signing in or unlocking: the page asked for when it is a path of this app
 * (never another origin, never a sign-in screen), else the dashboard.
 */
export function returnPath(state: unknown): string {
  const from = (state as Partial<ReturnState> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) {
    return paths.dashboard;
  }
  const pathname = from.split(/[?#]/)[0];
  if (PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return paths.dashboard;
  return from;
}
