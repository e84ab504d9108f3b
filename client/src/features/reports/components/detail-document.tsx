import type { ReactNode } from 'react';
import { reportsText } from '@/i18n/reports.id';
import { formatDate } from '@/lib/dates';
import { formatNumber } from '@/lib/format';
import type { EmployeeReport, EmployeeTotals, LogEntry } from '../api/get-report';
import { hhmm, type ReportKind } from '../api/report-request';

const text = reportsText.columns;
const doc = reportsText.document;

interface Column {
  key: string;
  header: string;
  cell: (entry: LogEntry) => ReactNode;
  total?: (totals: EmployeeTotals) => ReactNode;
  numeric?: boolean;
}

const hours = (value: number) => formatNumber(value);

const COLUMN: Record<string, Column> = {
  day: { key: 'day', header: text.day, cell: (e) => formatDate(e.day) },
  shift: { key: 'shift', header: text.shift, cell: (e) => e.shift },
  checkIn: { key: 'checkIn', header: text.checkIn, cell: (e) => e.check_in },
  checkInLocation: { key: 'checkInLocation', header: text.checkInLocation, cell: (e) => e.check_in_location },
  checkInDistance: { key: 'checkInDistance', header: text.checkInDistance, cell: (e) => e.check_in_distance ?? '', numeric: true },
  checkOut: { key: 'checkOut', header: text.checkOut, cell: (e) => e.check_out },
  checkOutLocation: { key: 'checkOutLocation', header: text.checkOutLocation, cell: (e) => e.check_out_location },
  checkOutDistance: { key: 'checkOutDistance', header: text.checkOutDistance, cell: (e) => e.check_out_distance ?? '', numeric: true },
  late: { key: 'late', header: text.late, cell: (e) => hhmm(e.total_late_in_minutes), total: (t) => hhmm(t.total_late_in_minutes), numeric: true },
  earlyOut: { key: 'earlyOut', header: text.earlyOut, cell: (e) => hhmm(e.total_early_out_minutes), total: (t) => hhmm(t.total_early_out_minutes), numeric: true },
  lemburWorkday: { key: 'lemburWorkday', header: text.lemburWorkday, cell: (e) => hhmm(e.total_lembur_workday_in_minutes), total: (t) => hhmm(t.total_lembur_workday_in_minutes), numeric: true },
  lemburHoliday: { key: 'lemburHoliday', header: text.lemburHoliday, cell: (e) => hhmm(e.total_lembur_holiday_in_minutes), total: (t) => hhmm(t.total_lembur_holiday_in_minutes), numeric: true },
  lemburTotal: { key: 'lemburTotal', header: text.lemburTotal, cell: (e) => hhmm(e.total_lembur_in_minutes), total: (t) => hhmm(t.total_lembur_in_minutes), numeric: true },
  lemburActual: { key: 'lemburActual', header: text.lemburActual, cell: (e) => hours(e.total_actual_lembur_in_hours), total: (t) => hours(t.total_actual_lembur_in_hours), numeric: true },
  workingHours: { key: 'workingHours', header: text.workingHours, cell: (e) => hhmm(e.total_of_working_hours_in_minutes), total: (t) => hhmm(t.total_of_working_hours_in_minutes), numeric: true },
  status: { key: 'status', header: text.status, cell: (e) => e.status },
  keterangan: { key: 'keterangan', header: text.keterangan, cell: (e) => e.keterangan },
  noteIn: { key: 'noteIn', header: text.noteIn, cell: (e) => e.note_check_in },
  noteOut: { key: 'noteOut', header: text.noteOut, cell: (e) => e.note_check_out },
  permissionType: { key: 'permissionType', header: text.permissionType, cell: (e) => e.permission_type },
  permissionNote: { key: 'permissionNote', header: text.permissionNote, cell: (e) => e.permission_note },
  approved: { key: 'approved', header: text.approved, cell: (e) => e.approved },
  manPowerType: { key: 'manPowerType', header: text.manPowerType, cell: (e) => e.man_power_type },
  manPowerName: { key: 'manPowerName', header: text.manPowerName, cell: (e) => e.man_power_name },
  team: { key: 'team', header: text.team, cell: (e) => e.man_power_team_name },
  group: { key: 'group', header: text.group, cell: (e) => e.man_power_group_name },
};

const MAN_POWER = ['manPowerType', 'manPowerName', 'team', 'group'];

/** The columns of each document of the detail family (doc3 §3 "Log entry", "Permission log entry"). */
export const DETAIL_COLUMNS: Record<Exclude<ReportKind, 'summary'>, Column[]> = {
  detail: [
    'day', 'shift', 'checkIn', 'checkInLocation', 'checkInDistance', 'checkOut', 'checkOutLocation',
    'checkOutDistance', 'late', 'earlyOut', 'lemburWorkday', 'lemburHoliday', 'lemburActual', 'workingHours',
    'status', 'keterangan', 'noteIn', 'noteOut', ...MAN_POWER,
  ].map((key) => COLUMN[key]),
  lembur: [
    'day', 'shift', 'checkIn', 'checkOut', 'lemburWorkday', 'lemburHoliday', 'lemburTotal', 'lemburActual',
    'keterangan', ...MAN_POWER,
  ].map((key) => COLUMN[key]),
  permission: ['day', 'permissionType', 'permissionNote', 'approved', ...MAN_POWER].map((key) => COLUMN[key]),
  late: ['day', 'shift', 'checkIn', 'checkOut', 'late', 'earlyOut', 'keterangan', ...MAN_POWER].map((key) => COLUMN[key]),
};

/** One employee's section: who, their log lines, and a footer with their totals. */
export function EmployeeSection({ kind, report }: { kind: Exclude<ReportKind, 'summary'>; report: EmployeeReport }) {
  const columns = DETAIL_COLUMNS[kind];
  const firstTotal = columns.findIndex((column) => column.total);
  const label = `${report.employee_number_formatted} ${report.employee_name}`;
  return (
    <section className="report-employee" aria-label={label}>
      <dl className="row small mb-2 gx-3">
        <div className="col-auto">
          <dt className="d-inline fw-normal text-muted">{doc.employeeNumber}: </dt>
          <dd className="d-inline fw-semibold">{report.employee_number_formatted}</dd>
        </div>
        <div className="col-auto">
          <dt className="d-inline fw-normal text-muted">{doc.employeeName}: </dt>
          <dd className="d-inline fw-semibold">{report.employee_name}</dd>
        </div>
        {report.job_title ? (
          <div className="col-auto">
            <dt className="d-inline fw-normal text-muted">{doc.jobTitle}: </dt>
            <dd className="d-inline">{report.job_title}</dd>
          </div>
        ) : null}
        <div className="col-auto">
          <dt className="d-inline fw-normal text-muted">{doc.manPower}: </dt>
          <dd className="d-inline">{report.man_power_name}</dd>
        </div>
      </dl>
      <div className="table-responsive" tabIndex={0} role="region" aria-label={`${doc.table} ${label}`}>
        <table className="table table-bordered table-sm align-middle report-table mb-0">
          <thead className="table-light">
            <tr>
              <th scope="col" className="text-end">
                {doc.no}
              </th>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.numeric ? 'text-end' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.log.map((entry, index) => (
              <tr key={entry.day} className={entry.is_shift_off ? 'table-secondary' : undefined}>
                <td className="text-end">{index + 1}</td>
                {columns.map((column) => (
                  <td key={column.key} className={column.numeric ? 'text-end' : 'report-nowrap'}>
                    {column.cell(entry)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {firstTotal >= 0 ? (
            <tfoot>
              <tr className="fw-semibold table-light">
                <th scope="row" colSpan={firstTotal + 1}>
                  {doc.total} ({reportsText.panels.days(report.total.days)})
                </th>
                {columns.slice(firstTotal).map((column) => (
                  <td key={column.key} className="text-end">
                    {column.total ? column.total(report.total) : ''}
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : (
            <tfoot>
              <tr className="fw-semibold table-light">
                <th scope="row" colSpan={columns.length + 1}>
                  {doc.total} ({reportsText.panels.days(report.total.days)})
                </th>
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </section>
  );
}
