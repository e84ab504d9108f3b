import { useState, type MouseEvent } from 'react';
import { id as t } from '@/i18n/id';
import { saveBlob } from '@/lib/download';
import { showError } from '@/lib/notifications';
import { getToken } from '@/lib/session';

const INLINE = /^(application\/pdf|image\/(jpeg|png|gif|webp))/;

/** 'Surat Edaran Libur Nasi….pdf': long file names keep their start and extension. */
export function shortenFileName(name: string, max = 28): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  const stem = name.slice(0, name.length - extension.length);
  return `${stem.slice(0, Math.max(1, max - extension.length - 1)).trimEnd()}…${extension}`;
}

class FileRefused extends Error {}

export interface AttachmentLinkProps {
  /** The file's URL on the API (fetched with the session token, never opened bare). */
  href: string;
  /** The uploaded name: shown shortened, whole in the tooltip, and the name a download is saved under. */
  name: string;
  /** How many characters of the name are shown (its start and extension kept). */
  maxLength?: number;
  /**
   * Every file here is a PDF or an image (an izin attachment), so the link always opens a new tab and
   * says so (target, and '(membuka tab baru)' for screen readers); elsewhere an office document downloads.
   */
  opensInTab?: boolean;
}

/**
 * An uploaded attachment (an announcement's, an izin request's): a paperclip and the file's name.
 * The file is fetched with the session token; a PDF or an image opens in a new tab, any other file
 * (an office document) downloads under its uploaded name. A refused answer (a signed URL past its ten
 * minutes) says to reload the page; a failed connection says so.
 */
export function AttachmentLink({ href, name, maxLength, opensInTab = false }: AttachmentLinkProps) {
  const [busy, setBusy] = useState(false);
  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    // Open the tab inside the click so popup blockers allow it, then point it at the fetched file.
    const tab = window.open('', '_blank');
    try {
      const token = getToken();
      const response = await fetch(href, { headers: token ? { Authorization: token } : {} });
      if (!response.ok) throw new FileRefused(String(response.status));
      const blob = await response.blob();
      if (INLINE.test(blob.type) && tab) {
        const url = URL.createObjectURL(blob);
        tab.location.href = url;
        // The tab has its own copy of the blob once loaded; release ours a little later.
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else {
        tab?.close();
        saveBlob(blob, name);
      }
    } catch (error) {
      tab?.close();
      showError(error instanceof FileRefused ? t.authImage.openFailed : t.errors.network);
    } finally {
      setBusy(false);
    }
  };
  return (
    <a
      href={href}
      title={name}
      {...(opensInTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      onClick={(event) => void open(event)}
      aria-busy={busy}
    >
      <i className="bi bi-paperclip me-1" aria-hidden="true" />
      {shortenFileName(name, maxLength)}
      {opensInTab ? <span className="visually-hidden"> {t.common.opensInNewTab}</span> : null}
    </a>
  );
}
