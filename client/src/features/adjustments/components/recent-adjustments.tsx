import { RecentBatches } from '@/components/recent-list';
import { paths } from '@/config/paths';
import { adjustmentsText } from '@/i18n/adjustments.id';
import { formatTableDateTime } from '@/lib/dates';
import { useRecentAdjustments } from '../api/attendance';

const text = adjustmentsText.attendance;

export function adjustmentDetailPath(code: string): string {
  return paths.attendanceAdjustmentDetail.replace(':attendanceAdjustmentId', encodeURIComponent(code));
}

/** The last 5 batches with 'Tampilkan Semua' (doc2 §2.4). */
export function RecentAdjustments() {
  return (
    <RecentBatches
      heading={{ title: text.recent, id: 'adjustment-recent-title', className: 'mb-3' }}
      recent={useRecentAdjustments()}
      emptyText={adjustmentsText.emptyHistory}
      code={(batch) => batch.form_number}
      detailPath={adjustmentDetailPath}
      count={(batch) => text.lines(batch.adjustment_total)}
      line={(batch) => `${formatTableDateTime(batch.created_date)} · ${batch.creator}`}
      showAll={{ to: paths.attendanceAdjustmentList, label: text.showAll }}
    />
  );
}
