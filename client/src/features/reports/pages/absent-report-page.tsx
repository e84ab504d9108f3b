import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { chunk, printWithTitle, ReportToolbar, usePrintingDocument, useReportExport } from '@/components/report-document';
import { SkeletonRows } from '@/components/skeleton';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import type { ExportFormat } from '@/lib/download';
import {
  absentReportFileName,
  downloadAbsentReport,
  useAbsentReport,
  type AbsentEmployeeRow,
  type AbsentReportRange,
} from '../api/absent-report';
import { monthRangeLabel, parseReportRange } from '../components/absent-report-range';
import '../components/absent-report.css';

const text = t.absentReport;
const SKELETON_ROWS = 25;
/** With page breaks on, each printed page holds this many rows under a repeated header. */
const ROWS_PER_PRINTED_PAGE = 25;

const COLUMNS: { key: keyof AbsentEmployeeRow | 'number'; header: string; numeric?: boolean }[] = [
  { key: 'number', header: text.columns.number, numeric: true },
  { key: 'employeeNumberFormatted', header: text.columns.employeeNumber },
  { key: 'employeeName', header: text.columns.name },
  { key: 'jobTitle', header: text.columns.jobTitle },
  { key: 'manPowerName', header: text.columns.manPower },
  { key: 'alpa', header: text.columns.alpa, numeric: true },
  { key: 'sakit', header: text.columns.sakit, numeric: true },
  { key: 'cuti', header: text.columns.cuti, numeric: true },
  { key: 'ctb', header: text.columns.ctb, numeric: true },
  { key: 'total', header: text.columns.total, numeric: true },
];

function ReportTable({ rows, loading, pageBreak }: { rows: AbsentEmployeeRow[] | undefined; loading: boolean; pageBreak: boolean }) {
  let bodies;
  if (loading) {
    bodies = (
      <tbody>
        <SkeletonRows rows={SKELETON_ROWS} columns={COLUMNS.length} className="absent-skeleton-row" />
      </tbody>
    );
  } else if (!rows || rows.length === 0) {
    bodies = (
      <tbody>
        <tr>
          <td colSpan={COLUMNS.length} className="text-center text-muted py-4">
            {text.empty}
          </td>
        </tr>
      </tbody>
    );
  } else {
    const groups = pageBreak ? chunk(rows, ROWS_PER_PRINTED_PAGE) : [rows];
    bodies = groups.map((group, groupIndex) => (
      <tbody key={groupIndex} className={pageBreak ? 'absent-print-page' : undefined}>
        {group.map((row, index) => (
          <tr key={`${row.employeeNumberFormatted}-${index}`}>
            {COLUMNS.map((column) => (
              <td key={column.key} className={column.numeric ? 'text-end' : undefined}>
                {column.key === 'number' ? groupIndex * ROWS_PER_PRINTED_PAGE + index + 1 : row[column.key]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    ));
  }
  return (
    // Focusable so a keyboard can scroll the wide table sideways on a phone.
    <div className="table-responsive" tabIndex={0} role="region" aria-label={text.title}>
      <table className="table table-bordered table-sm align-middle absent-table mb-0" aria-busy={loading} aria-label={text.title}>
        <thead className="table-light">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'text-end' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        {bodies}
      </table>
    </div>
  );
}

export function AbsentReportPage({ title, breadcrumb }: RoutePageProps) {
  const [params] = useSearchParams();
  const range = parseReportRange(params.get('s'), params.get('e'));
  usePrintingDocument();

  if (!range) {
    return (
      <>
        <PageHeader title={title} breadcrumb={breadcrumb} />
        <div className="alert alert-warning" role="alert">
          {text.invalidRange} <Link to={paths.dashboard}>{text.toDashboard}</Link>
        </div>
      </>
    );
  }
  return <AbsentReportDocument title={title} breadcrumb={breadcrumb} range={range} />;
}

function AbsentReportDocument({ title, breadcrumb, range }: RoutePageProps & { range: AbsentReportRange }) {
  const report = useAbsentReport(range);
  const { exporting, exportAs } = useReportExport((format: ExportFormat) => downloadAbsentReport(range, format));
  const [pageBreak, setPageBreak] = useState(false);
  const fileName = absentReportFileName(range);

  return (
    <>
      <div className="d-print-none">
        <PageHeader title={title} breadcrumb={breadcrumb} />
      </div>
      <article className="card border-0 shadow-sm absent-document" data-page-break={pageBreak ? 'on' : 'off'}>
        <div className="card-body">
          <ReportToolbar
            exporting={exporting}
            onExport={exportAs}
            exportDisabled={exporting !== null}
            onPrint={() => printWithTitle(fileName)}
            pageBreak={pageBreak}
            onPageBreakChange={setPageBreak}
          />
          <header className="text-center mb-3">
            <h2 className="h4 mb-1">{text.title}</h2>
            <p className="text-muted mb-0" data-testid="absent-report-range">
              {monthRangeLabel(range)}
            </p>
          </header>
          <ReportTable rows={report.data} loading={report.isPending} pageBreak={pageBreak} />
        </div>
      </article>
    </>
  );
}
