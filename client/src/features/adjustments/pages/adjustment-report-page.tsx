import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { employeeColumns } from '@/components/employee-columns';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { SelectionForm } from '@/components/selection-form';
import { paths } from '@/config/paths';
import { adjustmentsText } from '@/i18n/adjustments.id';
import { dayjs, formatHours, placementTodayRange } from '@/lib/dates';
import { showDownloadError, type ExportFormat } from '@/lib/download';
import { initialListState } from '@/lib/list';
import { tablePage } from '@/lib/list-query';
import { fieldOf, localPage } from '@/lib/local-table';
import type { SelectionParams } from '../api/attendance';
import { downloadAdjustmentReport, useAdjustmentReport, type AdjustmentReportRow } from '../api/report';
import { dayColumns } from '../components/line-columns';
import { adjustmentDetailPath } from '../components/recent-adjustments';
import {
  initialFilter,
  MAX_RANGE_DAYS,
  selectionFormText,
  selectionParamsOf,
  useSelectionErrors,
  type SelectionFilter,
} from '../components/selection';

const text = adjustmentsText.report;
const c = text.columns;

function syncDetailPath(code: string): string {
  return paths.syncAttendanceDetail.replace(':attendanceSyncId', encodeURIComponent(code));
}

/** doc3 §5: the range spans at most 30 days from the first picked date (the end follows the start). */
export function clampRange(range: { start: string; end: string }): { start: string; end: string } {
  if (!range.start || !range.end) return range;
  const latest = dayjs(range.start).add(MAX_RANGE_DAYS, 'day').format('YYYY-MM-DD');
  return range.end > latest ? { ...range, end: latest } : range;
}

const COLUMNS: DataTableColumn<AdjustmentReportRow>[] = [
  ...employeeColumns<AdjustmentReportRow>(c),
  ...dayColumns<AdjustmentReportRow>(c),
  { key: 'lembur_workday', header: c.overtime, cell: (r) => formatHours(r.lembur_workday), sortable: true },
  { key: 'lembur_aktual', header: c.actualOvertime, cell: (r) => formatHours(r.lembur_aktual), sortable: true },
  { key: 'is_valid', header: c.valid, cell: (r) => (r.is_valid ? adjustmentsText.valid : adjustmentsText.invalid), sortable: true },
  { key: 'sync_status', header: c.syncStatus, cell: (r) => r.sync_status, sortable: true },
  { key: 'generated_status', header: c.generated, cell: (r) => r.generated_status, sortable: true },
  {
    key: 'adjustment_id',
    header: c.adjustment,
    sortable: true,
    cell: (r) => (r.adjustment_id ? <Link to={adjustmentDetailPath(r.adjustment_id)}>{r.adjustment_id}</Link> : '-'),
  },
  {
    key: 'sync_id',
    header: c.sync,
    sortable: true,
    cell: (r) => (r.sync_id ? <Link to={syncDetailPath(r.sync_id)}>{r.sync_id}</Link> : '-'),
  },
];

/** /report/attendance-adjustment (doc3 §2.4): filters, the adjustment lines, xlsx/csv from the server. */
export function AdjustmentReportPage({ title, breadcrumb }: RoutePageProps) {
  const [filter, setFilter] = useState<SelectionFilter>(() => initialFilter(placementTodayRange()));
  const [params, setParams] = useState<SelectionParams | null>(null);
  const errors = useSelectionErrors(filter);
  const report = useAdjustmentReport(params);
  const [state, setState] = useState(() => initialListState());
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const page = useMemo(
    () => localPage(report.data?.rows ?? [], state, fieldOf, ['employee_number_formatted', 'employee_name', 'adjustment_id', 'date']),
    [report.data, state],
  );

  const onShow = () => {
    const next = selectionParamsOf(filter);
    if (!errors.check() || !next) return;
    setState((previous) => ({ ...previous, page: 1 }));
    setParams(next);
  };

  const onExport = (format: ExportFormat) => {
    if (!params || !report.data) return;
    setExporting(format);
    downloadAdjustmentReport(params, format, report.data.fileName)
      .catch(showDownloadError)
      .finally(() => setExporting(null));
  };

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <SelectionForm
        label={text.title}
        text={selectionFormText}
        value={filter}
        errors={errors}
        onChange={(next) => setFilter({ ...next, range: clampRange(next.range) })}
        onSubmit={onShow}
        actions={
          <Button type="submit" disabled={report.isFetching}>
            {report.isFetching && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {adjustmentsText.show}
          </Button>
        }
      />
      {params && (
        <div className="mt-3">
          <DataTable
            title={text.result}
            columns={COLUMNS}
            rowKey={(row) => String(row.id)}
            {...tablePage(page, report.isPending, state, setState)}
            rowClassName={(row) => (row.is_shift_off ? 'table-warning' : undefined)}
            emptyText={adjustmentsText.empty}
            toolbar={
              <div className="d-flex gap-2">
                {(['xlsx', 'csv'] as const).map((format) => (
                  <Button
                    key={format}
                    size="sm"
                    variant={format === 'xlsx' ? 'success' : 'outline-success'}
                    disabled={exporting !== null || !report.data}
                    onClick={() => onExport(format)}
                  >
                    {exporting === format && <Spinner size="sm" className="me-1" aria-hidden="true" />}
                    {format === 'xlsx' ? text.excel : text.csv}
                  </Button>
                ))}
              </div>
            }
          />
        </div>
      )}
    </>
  );
}
