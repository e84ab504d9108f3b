import { hasFlag } from '@/lib/access';
import { id as t } from '@/i18n/id';
import {
  APPROVAL_ATTENDANCE_TOPIC,
  APPROVAL_IZIN_TOPIC,
  attendanceApproverTypes,
  attendanceWaitingLabel,
  attendanceWaitingTotal,
  useWaitingState,
} from '@/lib/live-queue';
import { useTopic } from '@/lib/realtime';
import type { UserAccess } from '@/lib/session';

/** A live waiting count and what it counts, in words (the badge's accessible name). */
export interface ApprovalBadge {
  count: number;
  label: string;
}

export interface ApprovalBadges {
  /** Waiting check-ins over the man power types the user holds (null until the first snapshot). */
  attendance: ApprovalBadge | null;
  /** Waiting izin requests (null until the first snapshot). */
  izin: ApprovalBadge | null;
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
  const attendance = attendanceAllowed ? attendanceWaitingTotal(waiting.attendanceByType, access) : null;
  return {
    // The scope said as the queue and the dashboard say it: '105 menunggu persetujuan · semua tanggal · untuk Office'.
    attendance: attendance === null ? null : { count: attendance, label: attendanceWaitingLabel(attendance, access) },
    izin: izinAllowed && waiting.izin !== null ? { count: waiting.izin, label: t.shell.waitingBadge(waiting.izin) } : null,
  };
}
