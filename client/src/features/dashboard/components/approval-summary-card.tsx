import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { sla } from '@/i18n/sla.id';
import { formatNumber } from '@/lib/format';
import { hasFlag } from '@/lib/access';
import { attendanceApproverTypes, useWaitingState } from '@/lib/live-queue';
import { useSession } from '@/lib/session';
import { useCanOpen } from '@/lib/route-access';
import type { DashboardCounts } from '../api/get-dashboard-counts';
import { attendanceScope } from './approval-scope';
import { DashboardCard, Stat } from './dashboard-card';

const text = t.dashboard.approval;

/** -1 stands for a count not loaded yet (doc1 §3). */
const NOT_LOADED = -1;

/** A count of the waiting queue in words, with the link that opens the queue on exactly it. */
interface QueueLine {
  label: string;
  link: string;
  open: string;
}

function ApprovalGroup({
  title,
  to,
  waiting,
  approved,
  rejected,
  scope,
  lines,
}: {
  title: string;
  /** The queue on what the period's "Menunggu Persetujuan" counts. */
  to: string;
  waiting: number;
  approved: number;
  rejected: number;
  /** What the period counts cover (the period and the man power types). */
  scope: string;
  /** The queue's own counts (every date), each with its link; plain text without a link. */
  lines: Array<QueueLine | string>;
}) {
  const titleId = useId();
  const canOpen = useCanOpen(to.split('?')[0]);
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
      {lines.map((line) =>
        typeof line === 'string' ? (
          <p key={line} className="small mb-0">
            {line}
          </p>
        ) : (
          <p key={line.link} className="small mb-0 d-flex align-items-center justify-content-between gap-2">
            <span>{line.label}</span>
            {canOpen ? (
              <Link to={line.link} aria-label={line.open}>
                {text.open}
              </Link>
            ) : null}
          </p>
        ),
      )}
    </div>
  );
}

/** The waiting items past their queue's deadline ('lewat batas'), linking to the queue filtered so. */
function overdueLine(count: number, queuePath: string): QueueLine {
  const label = sla.dashboardOverdue(formatNumber(count));
  return { label, link: `${queuePath}?overdue=1`, open: t.dashboard.approval.openCount(label) };
}

export function ApprovalSummaryCard({ counts, period }: { counts: DashboardCounts | undefined; period: string }) {
  const { access } = useSession();
  const waiting = useWaitingState();
  const attendance = counts?.approval.attendance;
  const izin = counts?.approval.izin;
  const approver = attendanceApproverTypes(access).length > 0;
  const scope = counts ? attendanceScope(counts) : null;
  return (
    <DashboardCard title={text.title} subtitle={period}>
      <div className="row g-3">
        <div className="col-12 col-md-6">
          <ApprovalGroup
            title={text.attendance}
            to={scope?.monthLink ?? paths.approvalAttendance}
            waiting={attendance?.waiting_approval ?? NOT_LOADED}
            approved={attendance?.manual_approval ?? NOT_LOADED}
            rejected={attendance?.rejected ?? NOT_LOADED}
            scope={text.attendanceScope(period, scope?.types ?? t.approvalScope.allTypes)}
            lines={
              approver && scope && counts
                ? [scope.waiting, scope.lowRisk, overdueLine(counts.attendance_overdue, paths.approvalAttendance)]
                : []
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
            lines={
              hasFlag(access, 'allow_permission') && waiting.izin !== null
                ? [text.allDates(waiting.izin), ...(counts ? [overdueLine(counts.izin_overdue, paths.approvalPermission)] : [])]
                : []
            }
          />
        </div>
      </div>
    </DashboardCard>
  );
}
