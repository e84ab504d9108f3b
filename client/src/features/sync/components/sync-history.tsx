import { Link } from 'react-router';
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
    <section className="card border-0 shadow-sm h-100" aria-labelledby="sync-history-title">
      <div className="card-body">
        <h2 className="h6" id="sync-history-title">
          {text.history}
        </h2>
        {recent.isPending ? (
          <ul className="list-unstyled mb-0" aria-busy="true">
            {Array.from({ length: 5 }, (_, index) => (
              <li key={index} className="placeholder-glow py-2" aria-hidden="true">
                <span className="placeholder col-10 rounded" />
              </li>
            ))}
          </ul>
        ) : !recent.data || recent.data.length === 0 ? (
          <p className="text-muted small mb-0">{text.emptyHistory}</p>
        ) : (
          <ul className="list-unstyled mb-0" aria-label={text.history}>
            {recent.data.map((sync) => (
              <li key={sync.id} className="py-2 border-bottom">
                <Link to={syncDetailPath(sync.sync_code)} className="fw-semibold">
                  {sync.sync_code}
                </Link>{' '}
                <span className="text-muted small">{text.adjustments(sync.jumlah_data)}</span>
                <div className="small text-muted">{sync.sync_date}</div>
              </li>
            ))}
          </ul>
        )}
        <Link to={paths.syncAttendanceList} className="btn btn-outline-primary btn-sm mt-3">
          {text.showAll}
        </Link>
      </div>
    </section>
  );
}
