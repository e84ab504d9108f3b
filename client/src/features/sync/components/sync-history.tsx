import { Link } from 'react-router';
import { RecentList } from '@/components/recent-list';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { useRecentSyncs } from '../api/get-syncs';

const text = t.sync;

export function syncDetailPath(code: string): string {
  return paths.syncAttendanceDetail.replace(':attendanceSyncId', encodeURIComponent(code));
}

/** 'Daftar Sinkronisasi': the last 5 payroll syncs (doc2 §2.12). */
export function SyncHistory() {
  const recent = useRecentSyncs();
  return (
    <RecentList
      title={text.history}
      titleId="sync-history-title"
      className="h-100"
      items={recent.data}
      loading={recent.isPending}
      emptyText={text.emptyHistory}
      itemKey={(sync) => sync.id}
      renderItem={(sync) => (
        <>
          <Link to={syncDetailPath(sync.sync_code)} className="fw-semibold">
            {sync.sync_code}
          </Link>{' '}
          <span className="text-muted small">{text.adjustments(sync.jumlah_data)}</span>
          <div className="small text-muted">{sync.sync_date}</div>
        </>
      )}
      footer={
        <Link to={paths.syncAttendanceList} className="btn btn-outline-primary btn-sm mt-3">
          {text.showAll}
        </Link>
      }
    />
  );
}
