export type AnnouncementStatus = 'draft' | 'scheduled' | 'published';

/** A row of `GET announcement/list` (and the `row` of the `announcement` topic's events). */
export interface AnnouncementRow {
  id: string;
  hash_id: string;
  title: string;
  /** The text without markup, cut at 60 characters. */
  snippet: string;
  is_published: 0 | 1;
  is_important: 0 | 1;
  status: AnnouncementStatus;
  /** 'YYYY-MM-DD HH:mm:ss' or '' */
  published_date: string;
  /** 'all' or man power types. */
  tag: string[];
  url_title: string;
  /** Without the scheme; shown with http://. */
  url: string;
  /** The attachment's URL (needs the session token) or ''. */
  attachment: string;
  attachment_name: string;
  /** 'YYYY-MM-DD HH:mm:ss' */
  created: string;
  creator_user_name: string;
}

export interface AnnouncementDetail extends AnnouncementRow {
  /** Sanitised HTML. */
  content: string;
}

export interface AnnouncementTag {
  id: number;
  value: string;
  label: string;
}

export const ALL_TAG = 'all';
export const PER_PAGE = 9;

/** Queries the `announcement` topic refreshes start with the topic name (lib/realtime's default). */
export const ANNOUNCEMENT_TOPIC = 'announcement';
