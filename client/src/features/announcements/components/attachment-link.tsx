import { useState, type MouseEvent } from 'react';
import { id as t } from '@/i18n/id';
import { saveBlob } from '@/lib/download';
import { getToken } from '@/lib/session';
import { showError } from '@/lib/notifications';
import { shortenFileName } from './format';

const INLINE = /^(application\/pdf|image\/(jpeg|png|gif|webp))/;

/**
 * An announcement attachment: fetched with the session token (never a public URL). PDFs and images
 * open in a new tab; office documents download under their uploaded name.
 */
export function AttachmentLink({ href, name }: { href: string; name: string }) {
  const [busy, setBusy] = useState(false);
  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const tab = window.open('', '_blank');
    try {
      const token = getToken();
      const response = await fetch(href, { headers: token ? { Authorization: token } : {} });
      if (!response.ok) throw new Error(String(response.status));
      const blob = await response.blob();
      if (INLINE.test(blob.type) && tab) {
        const url = URL.createObjectURL(blob);
        tab.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else {
        tab?.close();
        saveBlob(blob, name);
      }
    } catch {
      tab?.close();
      showError(t.errors.network);
    } finally {
      setBusy(false);
    }
  };
  return (
    <a href={href} title={name} onClick={(event) => void open(event)} aria-busy={busy}>
      <i className="bi bi-paperclip me-1" aria-hidden="true" />
      {shortenFileName(name)}
    </a>
  );
}
