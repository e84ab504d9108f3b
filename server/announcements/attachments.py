"""Announcement attachments: PDF, images and office documents of at most 10 MB, recognised by their
bytes by the core sniffer (server/core/attachments.py), stored under MEDIA_ROOT with a random name
and served only through the signed-in attachment endpoints."""

from __future__ import annotations

from server.core.attachments import DOCUMENT_KINDS, AttachmentRule

MAX_BYTES = 10 * 1024 * 1024
ATTACHMENT_TOO_BIG = "Ukuran lampiran maksimal 10 MB."
ATTACHMENT_INVALID = "Lampiran harus berupa PDF, gambar (JPG, PNG, GIF, WEBP) atau dokumen Office."
ANNOUNCEMENT_ATTACHMENT = AttachmentRule(
    kinds=DOCUMENT_KINDS, max_bytes=MAX_BYTES, too_big=ATTACHMENT_TOO_BIG, invalid=ATTACHMENT_INVALID
)
