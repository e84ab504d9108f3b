import { Link } from 'react-router';
import { RecentList } from '@/components/recent-list';
import { paths } from '@/config/paths';
import { adjustmentsText } from '@/i18n/adjustments.id';
import { useRecentAdjustments } from '../api/attendance';

const text = adjustmentsText.attendance;

export function adjustmentDetailPath(code: string): string {
  return paths.attendanceAdjustmentDetail.replace(':attendanceAdjustmentId', encodeURIComponent(code));
}

/** The last 5 batches with 'Tampilkan Semua' (doc2 §2.4). */
export function RecentAdjustments() {
  const recent = useRecentAdjustments();
  return (
    <RecentList
      title={text.recent}
      titleId="adjustment-recent-title"
      className="mb-3"
      items={recent.data}
      loading={recent.isPending}
      emptyText={adjustmentsText.emptyHistory}
      itemKey={(batch) => batch.id}
      renderItem={(batch) => (
        <>
          <Link to={adjustmentDetailPath(batch.form_number)} className="fw-semibold">
            {batch.form_number}
          </Link>{' '}
          <span className="text-muted small">{text.lines(batch.adjustment_total)}</span>
          <div className="small text-muted">
            {batch.created_date} · {batch.creator}
          </div>
        </>
      )}
      footer={
        <Link to={paths.attendanceAdjustmentList} className="btn btn-outline-primary btn-sm mt-3">
          {text.showAll}
        </Link>
      }
    />
  );
}
