import { useId, useState } from 'react';
import { id as t } from '@/i18n/id';
import { UNDISCIPLINED_LIMIT, useUndisciplined, type UndisciplinedType } from '../api/get-undisciplined';
import { DashboardCard, Stat } from './dashboard-card';

const text = t.dashboard.undisciplined;

const TABS: { type: UndisciplinedType; label: string }[] = [
  { type: 'terlambat', label: text.late },
  { type: 'pulang_cepat', label: text.earlyOut },
];

export function UndisciplinedCard({ startDate, endDate, period }: { startDate: string; endDate: string; period: string }) {
  const [type, setType] = useState<UndisciplinedType>('terlambat');
  const baseId = useId();
  const { data, isPending } = useUndisciplined({ type, startDate, endDate });
  const panelId = `${baseId}-panel`;
  const tabId = (tab: UndisciplinedType) => `${baseId}-${tab}`;
  const columns = [t.absentReport.columns.number, text.employeeNumber, text.name, text.totalDays, text.totalTime];

  let rows;
  if (isPending) {
    rows = Array.from({ length: UNDISCIPLINED_LIMIT }, (_, index) => (
      <tr key={`skeleton-${index}`} aria-hidden="true">
        {columns.map((column) => (
          <td key={column}>
            <span className="placeholder-glow d-block">
              <span className="placeholder col-8 rounded" />
            </span>
          </td>
        ))}
      </tr>
    ));
  } else if (!data || data.rows.length === 0) {
    rows = (
      <tr>
        <td colSpan={columns.length} className="text-center text-muted py-4">
          {t.absentReport.empty}
        </td>
      </tr>
    );
  } else {
    rows = data.rows.map((row, index) => (
      <tr key={row.employeeNumberFormatted}>
        <td>{index + 1}</td>
        <td>{row.employeeNumberFormatted}</td>
        <td>{row.employeeName}</td>
        <td>{text.days(row.totalDays)}</td>
        <td>{row.totalHoursMinutes}</td>
      </tr>
    ));
  }

  return (
    <DashboardCard title={text.title} subtitle={period}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <div role="tablist" aria-label={text.tabs} className="nav nav-pills gap-1">
          {TABS.map((tab) => (
            <button
              key={tab.type}
              type="button"
              role="tab"
              id={tabId(tab.type)}
              aria-selected={type === tab.type}
              aria-controls={panelId}
              className={`nav-link py-1 px-3 ${type === tab.type ? 'active' : ''}`}
              onClick={() => setType(tab.type)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <div className="d-flex gap-4 text-center">
          <Stat label={text.totalLate} value={data?.totalTerlambat ?? -1} tone="warning" />
          <Stat label={text.totalEarlyOut} value={data?.totalPulangCepat ?? -1} tone="info" />
        </div>
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(type)} className="table-responsive">
        <table className="table table-sm align-middle mb-0" aria-busy={isPending}>
          <thead className="table-light">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      </div>
    </DashboardCard>
  );
}
