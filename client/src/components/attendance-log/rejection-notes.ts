import { useQuery } from '@tanstack/react-query';
import { api, quiet } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { useSession } from '@/lib/session';
import { useTopic } from '@/lib/realtime';

/** The preset rejection notes the system admin keeps (server/attendance/rejection_notes.py). */
export type RejectionNotes = Schema<'RejectionNotes'>;

/** Its realtime topic: a change refetches every query keyed under it (open note fields, the settings). */
export const REJECTION_NOTES_TOPIC = 'settings.rejection_notes';
export const rejectionNotesKey = [REJECTION_NOTES_TOPIC] as const;

/** Who the server lets read them: whoever may reject a check-in, or keeps the system settings. */
const READERS = ['allow_rejected_attendance', 'allow_reject_valid_attendance', 'allow_system_trouble'];

export async function fetchRejectionNotes(signal?: AbortSignal): Promise<RejectionNotes> {
  return (await api.get('setting/rejection_notes', { ...quiet, signal })).data;
}

/** The presets, live (another admin's save refetches them); none while loading, refused or failed. */
export function useRejectionNotes(): string[] {
  const { access } = useSession();
  const allowed = READERS.some((flag) => Boolean(access[flag]));
  useTopic(allowed ? REJECTION_NOTES_TOPIC : null);
  const { data } = useQuery({
    queryKey: rejectionNotesKey,
    queryFn: ({ signal }) => fetchRejectionNotes(signal),
    enabled: allowed,
    staleTime: 60_000,
  });
  return data?.notes ?? [];
}
