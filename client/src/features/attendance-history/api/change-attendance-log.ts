import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showSuccess } from '@/lib/notifications';
import { attendanceHistoryKeys } from './keys';

export type AttendanceLogChange =
  | { kind: 'undo'; id: string }
  | { kind: 'reject_valid'; id: string; note: string }
  | { kind: 'different_day'; id: string; isDifferentDay: boolean };

/** `PATCH attendance_log/undo` {id}, `reject_valid` {id, note} or `set_non_working_shift` {id, is_different_day}. */
export function changeAttendanceLog(change: AttendanceLogChange) {
  switch (change.kind) {
    case 'undo':
      return api.patch('attendance_log/undo', { id: change.id });
    case 'reject_valid':
      return api.patch('attendance_log/reject_valid', { id: change.id, note: change.note });
    case 'different_day':
      return api.patch('attendance_log/set_non_working_shift', {
        id: change.id,
        is_different_day: change.isDifferentDay ? 1 : 0,
      });
  }
}

/** A change from the history modal; the history (list, detail, counts) is refetched either way. */
export function useChangeAttendanceLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAttendanceLog,
    onSuccess: (response) => showSuccess(response.message),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: attendanceHistoryKeys.all }),
  });
}
