import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showSuccess } from '@/lib/notifications';
import { ANNOUNCEMENT_TOPIC } from './types';

export interface AnnouncementPayload {
  /** Set when saving an existing draft (PUT); absent for a new announcement (POST). */
  hashId?: string;
  title: string;
  content: string;
  publish: boolean;
  isImportant: boolean;
  /** ISO 8601 with offset, or '' */
  publishedDate: string;
  tags: string[];
  urlTitle: string;
  url: string;
  attachment: File | null;
  removeAttachment: boolean;
}

/** A leading http:// or https:// is not sent (doc1 §5). */
export function stripScheme(url: string): string {
  return url.trim().replace(/^https?:\/\//i, '');
}

/** The multipart form of doc1 §7.3: tags joined with a comma and a space, flags as 0/1. */
export function announcementFormData(payload: AnnouncementPayload): FormData {
  const form = new FormData();
  if (payload.hashId) form.set('hash_id', payload.hashId);
  form.set('title', payload.title.trim());
  form.set('content', payload.content);
  form.set('is_published', payload.publish ? '1' : '0');
  form.set('is_important', payload.isImportant ? '1' : '0');
  form.set('published_date', payload.publishedDate);
  form.set('tag', payload.tags.join(', '));
  form.set('url_title', payload.urlTitle.trim());
  form.set('url', stripScheme(payload.url));
  if (payload.attachment) form.set('attachment', payload.attachment);
  if (payload.removeAttachment) form.set('remove_attachment', '1');
  return form;
}

/** Failures are shown by the form itself (field messages and FormAlert), not by the popup. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: AnnouncementPayload) => {
      const form = announcementFormData(payload);
      const response = payload.hashId
        ? await api.put('announcement/', form, { errorPopup: false })
        : await api.post('announcement', form, { errorPopup: false });
      return { row: response.data, message: response.message };
    },
    onSuccess: ({ message }) => {
      if (message) showSuccess(message);
      void queryClient.invalidateQueries({ queryKey: [ANNOUNCEMENT_TOPIC] });
    },
  });
}
