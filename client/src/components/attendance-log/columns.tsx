import type { DataTableColumn } from '@/components/data-table';
import { id as t } from '@/i18n/id';
import { formatDate } from '@/lib/dates';
import { datePart, formatPercent, timePart, zonedTime } from './format';
import { LogPhotoPreview } from './photo';
import { RiskReasonChips } from './risk';
import type { AttendanceHistoryRow, AttendanceQueueRow } from './types';

const c = t.attendanceLog.columns;

export function LogTypeBadge({ logType }: { logType: string }) {
  return (
    <span className={`badge ${logType === 'check_out' ? 'text-bg-secondary' : 'text-bg-primary'}`}>
      {t.attendanceLog.logTypes[logType] ?? logType}
    </span>
  );
}

export function LocationBadge({ valid }: { valid: boolean }) {
  return (
    <span className={`badge ${valid ? 'text-bg-success' : 'text-bg-danger'}`}>
      {valid ? t.attendanceLog.locations.valid : t.attendanceLog.locations.invalid}
    </span>
  );
}

const STATUS_VARIANTS: Record<string, string> = {
  waiting_approval: 'text-bg-warning',
  approved: 'text-bg-success',
  manual_approved: 'text-bg-info',
  rejected: 'text-bg-danger',
};

export function LogStatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge ${STATUS_VARIANTS[status] ?? 'text-bg-secondary'}`}>
      {t.attendanceLog.statuses[status] ?? status}
    </span>
  );
}

/** The columns of the approval queue (doc2 §2.9); the history shows them too. */
export function attendanceLogColumns<Row extends AttendanceQueueRow>(): DataTableColumn<Row>[] {
  return [
    {
      key: 'employee_number_formatted',
      header: c.employeeNumber,
      cell: (row) => row.employee_number_formatted,
      sortable: true,
      searchable: true,
    },
    { key: 'employee_name', header: c.name, cell: (row) => row.employee_name, sortable: true, searchable: true },
    {
      key: 'log_datetime',
      header: c.date,
      cell: (row) => (
        <>
          <span className="d-block">{formatDate(datePart(row.log_datetime))}</span>
          <span className="small text-muted">{zonedTime(timePart(row.log_datetime), row.log_timezone)}</span>
        </>
      ),
      sortable: true,
      searchable: true,
      searchDate: true,
      className: 'text-nowrap',
    },
    {
      key: 'photo',
      header: c.photo,
      cell: (row) => (
        <LogPhotoPreview name={row.employee_name} referenceSrc={row.employee_photo_url} logSrc={row.log_photo} />
      ),
    },
    { key: 'log_type', header: c.logType, cell: (row) => <LogTypeBadge logType={row.log_type} />, sortable: true },
    {
      key: 'location',
      header: c.location,
      cell: (row) => <LocationBadge valid={Number(row.location) === 1} />,
      sortable: true,
    },
    {
      key: 'fr_accuracy',
      header: c.faceRecognition,
      cell: (row) => formatPercent(row.fr_accuracy),
      sortable: true,
    },
  ];
}

/** The queue's reasons column: each risk reason as a chip; it sorts by how many there are. */
export function riskReasonsColumn<Row extends AttendanceQueueRow>(): DataTableColumn<Row> {
  return {
    key: 'reasons',
    header: t.attendanceLog.risk.reasonsColumn,
    cell: (row) => <RiskReasonChips risk={row.risk} />,
    sortable: true,
  };
}

/** The columns the history adds (doc2 §2.11). */
export function attendanceHistoryExtraColumns(): DataTableColumn<AttendanceHistoryRow>[] {
  return [
    { key: 'status', header: c.status, cell: (row) => <LogStatusBadge status={row.status} />, sortable: true },
    {
      key: 'shift_pattern_code',
      header: c.shiftPattern,
      cell: (row) => row.shift_pattern_code || '-',
      sortable: true,
      searchable: true,
      optional: true,
    },
    {
      key: 'man_power_type',
      header: c.manPowerType,
      cell: (row) => t.attendanceLog.manPowerTypes[row.man_power_type] ?? row.man_power_type,
      sortable: true,
      optional: true,
    },
    {
      key: 'man_power_name',
      header: c.manPowerName,
      cell: (row) => row.man_power_name || '-',
      sortable: true,
      searchable: true,
      optional: true,
      defaultShown: true,
    },
    {
      key: 'service_type',
      header: c.serviceType,
      cell: (row) => t.attendanceLog.serviceTypes[row.service_type] ?? row.service_type,
      sortable: true,
      optional: true,
    },
  ];
}
