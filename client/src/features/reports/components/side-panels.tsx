import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardPanel } from '@/components/card-panel';
import { ProgressTrack } from '@/components/progress-track';
import { paths } from '@/config/paths';
import { reportsText } from '@/i18n/reports.id';
import { dayjs } from '@/lib/dates';
import { serverToday } from '../api/report-request';
import {
  useEarlyOutCard,
  useLateInCard,
  useOvertimeCounts,
  usePermissionCounts,
  type MonthYear,
  type UndisciplinedCard,
} from '../api/side-panel-counts';

const text = reportsText.panels;

/** This month on the server's calendar (the panels' period). */
export function currentMonth(): MonthYear {
  const today = dayjs(serverToday());
  return { month: today.month() + 1, year: today.year() };
}

function monthLabel({ month, year }: MonthYear): string {
  return dayjs(`${year}-${String(month).padStart(2, '0')}-01`).format('MMMM YYYY');
}

function PanelCard({ title, period, children }: { title: string; period: MonthYear; children: ReactNode }) {
  return (
    <CardPanel as="section" className="mb-3" aria-label={title}>
      <h2 className="h6 mb-1">{title}</h2>
      <p className="small text-muted mb-3">{monthLabel(period)}</p>
      {children}
    </CardPanel>
  );
}

function Counts({ items, loading, failed }: { items: { label: string; value: number | undefined }[]; loading: boolean; failed: boolean }) {
  if (failed) return <p className="small text-muted mb-0">{text.loadFailed}</p>;
  return (
    <dl className="row mb-0 small">
      {items.map((item) => (
        <div key={item.label} className="col-6 mb-2">
          <dt className="fw-normal text-muted">{item.label}</dt>
          <dd className="fs-5 fw-semibold mb-0" aria-busy={loading}>
            {loading ? <span className="placeholder col-6 rounded" /> : text.days(item.value ?? 0)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Monthly permission statistics (report/count_permission). */
export function PermissionStatsPanel({ period = currentMonth() }: { period?: MonthYear }) {
  const counts = usePermissionCounts(period);
  return (
    <PanelCard title={text.permissionStats} period={period}>
      <Counts
        loading={counts.isPending}
        failed={counts.isError}
        items={[
          { label: text.cuti, value: counts.data?.cuti },
          { label: text.ctb, value: counts.data?.cuti_tidak_berbayar },
          { label: text.lad, value: counts.data?.lupa_absen_datang },
          { label: text.lap, value: counts.data?.lupa_absen_pulang },
        ]}
      />
    </PanelCard>
  );
}

/** Monthly overtime counts (report/count_lembur). */
export function OvertimeStatsPanel({ period = currentMonth() }: { period?: MonthYear }) {
  const counts = useOvertimeCounts(period);
  return (
    <PanelCard title={text.overtimeStats} period={period}>
      <Counts
        loading={counts.isPending}
        failed={counts.isError}
        items={[
          { label: text.workday, value: counts.data?.workday },
          { label: text.holiday, value: counts.data?.holiday },
        ]}
      />
    </PanelCard>
  );
}

function UndisciplinedProgress({ title, card, loading, failed, variant }: { title: string; card: UndisciplinedCard | undefined; loading: boolean; failed: boolean; variant: string }) {
  const percentage = card?.percentage ?? 0;
  return (
    <CardPanel as="section" className="mb-3" aria-label={title}>
      <div className="d-flex justify-content-between align-items-baseline">
        <h2 className="h6 mb-0">{title}</h2>
        <span className="fs-4 fw-semibold" aria-busy={loading}>
          {loading ? '…' : failed ? '-' : text.days(card?.total ?? 0)}
        </span>
      </div>
      {/* Bootstrap 5.3's markup: the named progressbar is the track (react-bootstrap names the wrapper). */}
      <ProgressTrack className="progress my-2" label={title} percent={percentage}>
        <div className={`progress-bar bg-${variant}`} style={{ width: `${Math.min(100, Math.max(0, percentage))}%` }} />
      </ProgressTrack>
      <p className="small text-muted mb-0">{failed ? text.loadFailed : text.ofAttendance(percentage)}</p>
    </CardPanel>
  );
}

/** The undisciplined cards Datang Terlambat and Pulang Cepat, each with a total and a percentage. */
export function UndisciplinedCards({ period = currentMonth() }: { period?: MonthYear }) {
  const late = useLateInCard(period);
  const early = useEarlyOutCard(period);
  return (
    <>
      <p className="small text-muted mb-2">{monthLabel(period)}</p>
      <UndisciplinedProgress title={text.lateIn} card={late.data} loading={late.isPending} failed={late.isError} variant="warning" />
      <UndisciplinedProgress title={text.earlyOut} card={early.data} loading={early.isPending} failed={early.isError} variant="danger" />
    </>
  );
}

/** Buttons to the sub-reports of the detail family. */
export function OtherReportsPanel({ current }: { current: 'detail' | 'lembur' | 'permission' | 'late' }) {
  const links = [
    { key: 'detail', to: paths.reportDetail, label: text.toDetail },
    { key: 'lembur', to: paths.reportDetailOvertime, label: text.toOvertime },
    { key: 'permission', to: paths.reportDetailPermission, label: text.toPermission },
    { key: 'late', to: paths.reportDetailUndisciplined, label: text.toUndisciplined },
  ].filter((link) => link.key !== current);
  return (
    <nav className="card border-0 shadow-sm mb-3" aria-label={text.otherReports}>
      <div className="card-body d-grid gap-2">
        <h2 className="h6 mb-1">{text.otherReports}</h2>
        {links.map((link) => (
          <Link key={link.key} to={link.to} className="btn btn-outline-primary btn-sm text-start">
            {link.label}
          </Link>
        ))}
      </div>
    </nav>
  );
}
