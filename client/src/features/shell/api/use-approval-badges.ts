import { hasFlag } from '@/lib/access';
import { APPROVAL_ATTENDANCE_TOPIC, APPROVAL_IZIN_TOPIC, attendanceApproverTypes, attendanceWaitingTotal, useWaitingState } from '@/lib/live-queue';
import { useTopic } from '@/lib/realtime';
import type { UserAccess } from '@/lib/session';

export interface ApprovalBadges {
  /** Waiting check-ins over the man power types the user holds (null until the first snapshot). */
  attendance: number | null;
  /** Waiting izin requests (null until the first snapshot). */
  izin: number | null;
}

/**
 * Keeps the approval topics subscribed for as long as the caller is mounted (the sidebar: the whole
 * signed-in session) and returns the live waiting counts of the queues this user may work on.
 */
export function useApprovalBadges(access: UserAccess): ApprovalBadges {
  const attendanceAllowed = attendanceApproverTypes(access).length > 0;
  const izinAllowed = hasFlag(access, 'allow_permission');
  useTopic(attendanceAllowed ? APPROVAL_ATTENDANCE_TOPIC : null);
  useTopic(izinAllowed ? APPROVAL_IZIN_TOPIC : null);
  const waiting = useWaitingState();
  return {
    attendance: attendanceAllowed ? attendanceWaitingTotal(waiting.attendanceByType, access) : null,
    izin: izinAllowed ? waiting.izin : null,
  };
}
