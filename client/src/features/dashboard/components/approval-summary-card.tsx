import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { hasFlag } from '@/lib/access';
import { attendanceWaitingLabel, attendanceWaitingTotal, useWaitingState } from '@/lib/live-queue';
import { useSession } from '@/lib/session';
import { useCanOpen } from '@/lib/route-access';
import type { DashboardCounts } from '../api/get-dashboard-counts';
import { DashboardCard, Stat } from './dashboard-card';

const text = t.dashboard.approval;

/** -1 stands for a count not loaded yet (doc1 §3). */
const NOT_LOADED = -1;

function ApprovalGroup({
  title,
  to,
  waiting,
  approved,
  rejected,
  scope,
  allDates,
  lowRisk = null,
}: {
  title: string;
  to: string;
  waiting: number;
  approved: number;
  rejected: number;
  /** What the period counts cover (the period and the man power types). */
  scope: string;
  /** The live whole-queue count with its scope, worded as the approval page words it; null = not an approver. */
  allDates: string | null;
  /** The low-risk waiting logs, with their scope; null = not shown. */
  lowRisk?: string | null;
}) {
  const titleId = useId();
  const canOpen = useCanOpen(to);
  return (
    <div role="group" aria-labelledby={titleId} className="approval-group border rounded p-3 h-100">
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h3 className="h6 mb-0" id={titleId}>
          {title}
        </h3>
        {canOpen ? (
          <Link to={to} className="btn btn-sm btn-outline-primary" aria-label={text.openOf(title)}>
            {text.open}
          </Link>
        ) : null}
      </div>
      <div className="d-flex justify-content-between gap-2 text-center">
        <Stat label={text.waiting} value={waiting} tone="warning" />
        <Stat label={text.approved} value={approved} tone="success" />
        <Stat label={text.rejected} value={rejected} tone="danger" />
      </div>
      <p className="small text-muted mb-0 mt-2">{scope}</p>
      {allDates !== null ? <p className="small mb-0">{allDates}</p> : null}
      {lowRisk !== null ? <p className="small mb-0">{lowRisk}</p> : null}
    </div>
  );
}

export function ApprovalSummaryCard({ counts, period }: { counts: DashboardCounts | undefined; period: string }) {
  const { access } = useSession();
  const waiting = useWaitingState();
  const attendance = counts?.approval.attendance;
  const izin = counts?.approval.izin;
  const attendanceWaiting = attendanceWaitingTotal(waiting.attendanceByType, access);
  return (
    <DashboardCard title={text.title} subtitle={period}>
      <div className="row g-3">
        <div className="col-12 col-md-6">
          <ApprovalGroup
            title={text.attendance}
            to={paths.approvalAttendance}
            waiting={attendance?.waiting_approval ?? NOT_LOADED}
            approved={attendance?.manual_approval ?? NOT_LOADED}
            rejected={attendance?.rejected ?? NOT_LOADED}
            scope={text.attendanceScope(period)}
            allDates={attendanceWaiting === null ? null : attendanceWaitingLabel(attendanceWaiting, access)}
            lowRisk={
              attendanceWaiting !== null && typeof counts?.waiting_low_risk === 'number'
                ? t.approvalScope.lowRisk(counts.waiting_low_risk, t.approvalScope.allDates, t.approvalScope.allTypes)
                : null
            }
          />
        </div>
        <div className="col-12 col-md-6">
          <ApprovalGroup
            title={text.izin}
            to={paths.approvalPermission}
            waiting={izin?.waiting_approval ?? NOT_LOADED}
            approved={izin?.approved ?? NOT_LOADED}
            rejected={izin?.rejected ?? NOT_LOADED}
            scope={text.monthScope}
            allDates={hasFlag(access, 'allow_permission') && waiting.izin !== null ? text.allDates(waiting.izin) : null}
          />
        </div>
      </div>
    </DashboardCard>
  );
}
