import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { id as t } from '@/i18n/id';
import { showError } from '@/lib/notifications';
import { getToken } from '@/lib/session';

/**
 * Uploaded files (check-in photos, employee photos, izin and leave attachments) reach the client as
 * short-lived signed URLs (`/api/web/v1/file/<token>`, valid about ten minutes) in the answer of the
 * object they belong to, and are served only to the signed-in user they were issued to, so a plain
 * <img src> or <a href> cannot load them: the request needs the Authorization header.
 * `AuthImage` fetches the file with the session token, shows it through an object URL (shared
 * between components showing the same file, revoked when the last one unmounts) and shows the
 * initials of `name` while loading or when the file is missing. `AuthFileLink` opens such a file in
 * a new tab, or says it could not (e.g. a URL older than ten minutes: reloading the page signs a new
 * one). URLs outside the API (http(s)://…) are used as is.
 */

interface CacheEntry {
  refs: number;
  promise: Promise<string | null>;
}

const cache = new Map<string, CacheEntry>();

export function needsAuth(src: string): boolean {
  return src.startsWith('/api/');
}

async function fetchObjectUrl(src: string): Promise<string | null> {
  const token = getToken();
  try {
    const response = await fetch(src, { headers: token ? { Authorization: token } : {} });
    if (!response.ok) return null;
    return URL.createObjectURL(await response.blob());
  } catch {
    return null;
  }
}

/** An object URL for `src`; pair every call with `releaseMedia(src)`. */
export function acquireMedia(src: string): Promise<string | null> {
  const entry = cache.get(src);
  if (entry) {
    entry.refs += 1;
    return entry.promise;
  }
  const promise = fetchObjectUrl(src);
  cache.set(src, { refs: 1, promise });
  return promise;
}

export function releaseMedia(src: string): void {
  const entry = cache.get(src);
  if (!entry) return;
  entry.refs -= 1;
  if (entry.refs > 0) return;
  cache.delete(src);
  void entry.promise.then((url) => {
    if (url) URL.revokeObjectURL(url);
  });
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? words[0].slice(0, 2) : `${words[0][0]}${words[words.length - 1][0]}`;
  return letters.toUpperCase();
}

type LoadState = { src: string; url: string | null; done: boolean };

/** The displayable URL of `src` (null while loading or when missing) and whether loading ended. */
export function useMediaUrl(src: string | null | undefined): { url: string | null; loading: boolean } {
  const [state, setState] = useState<LoadState>({ src: '', url: null, done: true });
  useEffect(() => {
    if (!src || !needsAuth(src)) return;
    let active = true;
    setState({ src, url: null, done: false });
    void acquireMedia(src).then((url) => {
      if (active) setState({ src, url, done: true });
    });
    return () => {
      active = false;
      releaseMedia(src);
    };
  }, [src]);
  if (!src) return { url: null, loading: false };
  if (!needsAuth(src)) return { url: src, loading: false };
  if (state.src !== src) return { url: null, loading: true };
  return { url: state.url, loading: !state.done };
}

export interface AuthImageProps {
  src: string | null | undefined;
  /** The image's accessible name. */
  alt: string;
  /** Whose initials the placeholder shows (default: alt). */
  name?: string;
  /** Width and height in pixels (default 48). */
  size?: number;
  shape?: 'circle' | 'rounded';
  className?: string;
}

export function AuthImage({ src, alt, name, size = 48, shape = 'rounded', className }: AuthImageProps) {
  const { url, loading } = useMediaUrl(src);
  const [broken, setBroken] = useState<string | null>(null);
  const radius = shape === 'circle' ? 'rounded-circle' : 'rounded';
  const style = { width: size, height: size };
  if (url && broken !== url) {
    return (
      <img
        src={url}
        alt={alt}
        className={`auth-image object-fit-cover ${radius} ${className ?? ''}`}
        style={style}
        onError={() => setBroken(url)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={alt}
      aria-busy={loading || undefined}
      title={loading ? undefined : t.authImage.missing}
      data-state={loading ? 'loading' : 'missing'}
      className={`auth-image-placeholder d-inline-flex align-items-center justify-content-center bg-secondary-subtle text-secondary-emphasis fw-semibold ${radius} ${loading ? 'placeholder-glow' : ''} ${className ?? ''}`}
      style={{ ...style, fontSize: Math.max(10, Math.round(size / 3)) }}
    >
      <span aria-hidden="true">{initials(name ?? alt)}</span>
    </span>
  );
}

export interface AuthFileLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
}

/** A link to an uploaded file that opens in a new tab with the session token. */
export function AuthFileLink({ href, children, className }: AuthFileLinkProps) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!needsAuth(href)) return;
    event.preventDefault();
    // Open the tab inside the click so popup blockers allow it, then point it at the fetched file.
    const tab = window.open('', '_blank');
    void acquireMedia(href).then((url) => {
      if (url && tab) tab.location.href = url;
      else tab?.close();
      if (!url) showError(t.authImage.openFailed);
      // The tab has its own copy of the blob once loaded; release ours a little later.
      setTimeout(() => releaseMedia(href), 60_000);
    });
  };
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={open}>
      {children}
      <span className="visually-hidden"> {t.common.opensInNewTab}</span>
    </a>
  );
}
