import { queryOptions } from '@tanstack/react-query';
import { env } from '@/config/env';
import { id as t } from '@/i18n/id';
import { ApiError } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { socketAwareQueryFn, WALL_TOPIC, type UnauthorizedOutcome } from '@/lib/realtime';

/** The live counts a wall shows (the server's dashboard counts; the wall reads today's part). */
export type WallCounts = Schema<'DashboardCounts'>;

/** Today's counts of one site (placement) of the wall. */
export type WallSite = Schema<'WallSite'>;

/** A check-in received today (name, site, time in the site's zone; no photo). */
export type WallArrival = Schema<'WallArrival'>;

/**
 * `GET wall_display/snapshot`, also the `wall` topic's snapshot; `counts` events replace its live part
 * (`counts`, `sites`, `arrivals`).
 */
export type WallBoard = Schema<'WallDisplaySnapshot'>;

/** The answers that mean the token is unknown or revoked. */
const REFUSED = new Set([401, 403]);

export function isRefused(error: unknown): boolean {
  return error instanceof ApiError && REFUSED.has(error.status);
}

/**
 * A call made with `Authorization: Display <token>`. The wall is no signed-in session, so this
 * bypasses the api client (which would send a session token, pop up errors and sign out on 401).
 */
async function displayRequest<T>(token: string, method: 'GET' | 'POST', path: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${env.webApiBase}${path}`, {
      method,
      headers: { Accept: 'application/json', Authorization: `Display ${token}` },
    });
  } catch {
    throw new ApiError(0, t.errors.network);
  }
  let body: { message?: string; data?: T } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // An answer without JSON (a proxy's error page) is judged by its status alone.
  }
  if (!response.ok) throw new ApiError(response.status, body.message ?? t.errors.generic);
  return body.data as T;
}

export function getWallBoard(token: string): Promise<WallBoard> {
  return displayRequest<WallBoard>(token, 'GET', 'wall_display/snapshot');
}

export async function issueDisplayTicket(token: string): Promise<string> {
  return (await displayRequest<{ ticket: string }>(token, 'POST', 'realtime/ticket')).ticket;
}

/** After the socket was refused: does the token still stand? Network trouble means "ask again later". */
export async function verifyDisplayToken(token: string): Promise<UnauthorizedOutcome> {
  try {
    await getWallBoard(token);
    return 'reconnect';
  } catch (error) {
    return isRefused(error) ? 'stop' : 'retry';
  }
}

/** Waits between REST retries while the server is away: growing, capped, jittered. */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** attempt) * (0.5 + Math.random() / 2);
}

export const wallBoardQuery = (token: string) =>
  queryOptions({
    queryKey: [WALL_TOPIC, 'board'],
    queryFn: socketAwareQueryFn(() => getWallBoard(token)),
    // A wall never gives up while the server is away; a refused token is final.
    retry: (_count, error) => !isRefused(error),
    retryDelay,
    staleTime: Infinity,
  });
