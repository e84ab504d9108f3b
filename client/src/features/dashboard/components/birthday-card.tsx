import { useState } from 'react';
import { AuthImage } from '@/components/auth-image';
import { Pagination } from '@/components/pagination';
import { id as t } from '@/i18n/id';
import { formatDate } from '@/lib/dates';
import { useBirthdayScreen } from '../api/get-birthdays';
import { BIRTHDAYS_PER_SCREEN, birthdayMarker, rowsForScreen, showsPagination } from './birthdays';
import { DashboardCard } from './dashboard-card';

const text = t.dashboard.birthdays;

export function BirthdayCard() {
  const [screenPage, setScreenPage] = useState(1);
  const { fetched, total, loading } = useBirthdayScreen(screenPage);
  const rows = rowsForScreen(screenPage, fetched);

  let body;
  if (loading) {
    body = (
      <ul className="list-unstyled mb-0" aria-busy="true" aria-label={t.common.loading}>
        {Array.from({ length: BIRTHDAYS_PER_SCREEN }, (_, index) => (
          <li key={index} className="d-flex align-items-center gap-3 py-2 placeholder-glow">
            <span className="placeholder rounded-circle" style={{ width: 44, height: 44 }} />
            <span className="flex-grow-1">
              <span className="placeholder col-7 rounded d-block mb-1" />
              <span className="placeholder col-4 rounded d-block" />
            </span>
          </li>
        ))}
      </ul>
    );
  } else if (rows.length === 0) {
    body = <p className="text-muted small mb-0 py-3 text-center">{text.empty}</p>;
  } else {
    body = (
      <ul className="list-unstyled mb-0" aria-label={text.list}>
        {rows.map((row) => {
          const marker = birthdayMarker(row);
          return (
            <li key={row.id} className="d-flex align-items-center gap-3 py-2 border-bottom birthday-entry">
              <AuthImage src={row.photo_url} alt={text.photoOf(row.name)} name={row.name} size={44} shape="circle" />
              <div className="flex-grow-1 min-w-0">
                <div className="fw-semibold text-truncate birthday-name">{row.name}</div>
                <div className="small text-muted">{formatDate(row.birth_date)}</div>
              </div>
              <span className={`badge rounded-pill ${row.keterangan === 'today' ? 'text-bg-success' : 'text-bg-light border'}`}>
                {marker}
              </span>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <DashboardCard title={text.title}>
      <div className="flex-grow-1">{body}</div>
      {total !== undefined && showsPagination(total) ? (
        <div className="mt-2 birthday-pagination">
          <Pagination page={screenPage} perPage={BIRTHDAYS_PER_SCREEN} total={total} onPageChange={setScreenPage} window={3} />
        </div>
      ) : null}
    </DashboardCard>
  );
}
