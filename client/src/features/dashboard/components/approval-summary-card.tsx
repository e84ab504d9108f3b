import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
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
}: {
  title: string;
  to: string;
  waiting: number;
  approved: number;
  rejected: number;
}) {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className="approval-group border rounded p-3 h-100">
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h3 className="h6 mb-0" id={titleId}>
          {title}
        </h3>
        <Link to={to} className="btn btn-sm btn-outline-primary">
          {text.open}
        </Link>
      </div>
      <div className="d-flex justify-content-between gap-2 text-center">
        <Stat label={text.waiting} value={waiting} tone="warning" />
        <Stat label={text.approved} value={approved} tone="success" />
        <Stat label={text.rejected} value={rejected} tone="danger" />
      </div>
    </div>
  );
}

export function ApprovalSummaryCard({ counts, period }: { counts: DashboardCounts | undefined; period: string }) {
  const attendance = counts?.approval.attendance;
  const izin = counts?.approval.izin;
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
          />
        </div>
        <div className="col-12 col-md-6">
          <ApprovalGroup
            title={text.izin}
            to={paths.approvalPermission}
            waiting={izin?.waiting_approval ?? NOT_LOADED}
            approved={izin?.approved ?? NOT_LOADED}
            rejected={izin?.rejected ?? NOT_LOADED}
          />
        </div>
      </div>
    </DashboardCard>
  );
}
