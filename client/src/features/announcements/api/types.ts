import type { Schema } from '@/lib/api-types';

export type AnnouncementStatus = 'draft' | 'scheduled' | 'published';

/** A draft or a scheduled announcement (its date still ahead) may be edited; a published one is read-only. */
export function isEditableStatus(status: string): boolean {
  return status === 'draft' || status === 'scheduled';
}

/**
 * A row of `GET announcement/list` (and the `row` of the `announcement` topic's events): `snippet` is
 * the text without markup cut at 60 characters, `url` has no scheme (shown with http://), `attachment`
 * is the attachment's URL (it needs the session token) or ''.
 */
export type AnnouncementRow = Schema<'AnnouncementListRow'>;

/** The row and its sanitised HTML `content`. */
export type AnnouncementDetail = Schema<'AnnouncementDetailOutput'>;

export type AnnouncementTag = Schema<'AnnouncementTag'>;

export const ALL_TAG = 'all';
export const PER_PAGE = 9;

/** Queries the `announcement` topic refreshes start with the topic name (lib/realtime's default). */
export const ANNOUNCEMENT_TOPIC = 'announcement';
