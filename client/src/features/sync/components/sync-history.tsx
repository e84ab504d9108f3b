import { RecentBatches } from '@/components/recent-list';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { formatTableDateTime } from '@/lib/dates';
import { useRecentSyncs } from '../api/get-syncs';

const text = t.sync;

export function syncDetailPath(code: string): string {
  return paths.syncAttendanceDetail.replace(':attendanceSyncId', encodeURIComponent(code));
}

/** 'Daftar Sinkronisasi': the last 5 payroll syncs (doc2 §2.12). */
export function SyncHistory() {
  return (
    <RecentBatches
      heading={{ title: text.history, id: 'sync-history-title', className: 'h-100' }}
      recent={useRecentSyncs()}
      emptyText={text.emptyHistory}
      code={(sync) => sync.sync_code}
      detailPath={syncDetailPath}
      count={(sync) => text.adjustments(sync.jumlah_data)}
      line={(sync) => formatTableDateTime(sync.sync_date)}
      showAll={{ to: paths.syncAttendanceList, label: text.showAll }}
    />
  );
}
