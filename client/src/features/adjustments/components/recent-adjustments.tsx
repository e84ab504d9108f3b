import { Link } from 'react-router';
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
    <section className="card border-0 shadow-sm mb-3" aria-labelledby="adjustment-recent-title">
      <div className="card-body">
        <h2 className="h6" id="adjustment-recent-title">
          {text.recent}
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
          <p className="text-muted small mb-0">{adjustmentsText.emptyHistory}</p>
        ) : (
          <ul className="list-unstyled mb-0" aria-label={text.recent}>
            {recent.data.map((batch) => (
              <li key={batch.id} className="py-2 border-bottom">
                <Link to={adjustmentDetailPath(batch.form_number)} className="fw-semibold">
                  {batch.form_number}
                </Link>{' '}
                <span className="text-muted small">{text.lines(batch.adjustment_total)}</span>
                <div className="small text-muted">
                  {batch.created_date} · {batch.creator}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Link to={paths.attendanceAdjustmentList} className="btn btn-outline-primary btn-sm mt-3">
          {text.showAll}
        </Link>
      </div>
    </section>
  );
}
