import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Where a wall screen finds its display token: the URL fragment (`/wall#token=…`), which the
 * browser never sends, so the token stays out of server and proxy logs and Referer headers (issue 39).
 * An old `/wall?token=…` link still works: its token is taken once and the address is rewritten in
 * place (history.replaceState, through the router) to the fragment form.
 */
export interface WallToken {
  token: string | null;
  /** The address to put in place of the current one (token out of the query), or null to keep it. */
  rewrite: { search: string; hash: string } | null;
}

function nonEmpty(value: string | null): string | null {
  return value ? value : null;
}

export function wallTokenOf(hash: string, search: string): WallToken {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search);
  const token = nonEmpty(fragment.get('token')) ?? nonEmpty(query.get('token'));
  if (!token || !query.has('token')) return { token, rewrite: null };
  query.delete('token');
  const rest = query.toString();
  return { token, rewrite: { search: rest ? `?${rest}` : '', hash: `#token=${encodeURIComponent(token)}` } };
}

/** The page load a new token needs (a seam for tests: jsdom's location.reload cannot be replaced). */
export const pageLoad = { reload: () => window.location.reload() };

/**
 * The wall's token; moves an old query-string token into the fragment. The token is the one the page
 * opened with: another one typed or pasted into the fragment of an open wall loads no page (a fragment
 * change never does), so it reloads the page, as a changed `?token=` did, and the board, its cache and
 * its socket start afresh with that token.
 */
export function useWallToken(): string | null {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { token, rewrite } = wallTokenOf(hash, search);
  const opened = useRef(token);
  const target = rewrite ? `${pathname}${rewrite.search}${rewrite.hash}` : null;
  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);
  useEffect(() => {
    if (token !== opened.current) pageLoad.reload();
  }, [token]);
  return opened.current;
}
