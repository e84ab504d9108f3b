import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useSearchParams } from 'react-router';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { absentReportFileName, useDownloadAbsentReport, type ExportFormat } from '../api/export-absent-report';
import { useAbsentReport, type AbsentEmployeeRow } from '../api/get-absent-report';
import { monthRangeLabel, parseReportRange } from '../components/report-range';
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

function chunks<T>(rows: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < rows.length; index += size) result.push(rows.slice(index, index + size));
  return result;
}

/** Print with the document title set to the export's file name (the browser's default PDF name). */
export function printWithTitle(title: string): void {
  const previous = document.title;
  document.title = title;
  try {
    window.print();
  } finally {
    document.title = previous;
  }
}

function ReportTable({ rows, loading, pageBreak }: { rows: AbsentEmployeeRow[] | undefined; loading: boolean; pageBreak: boolean }) {
  let bodies;
  if (loading) {
    bodies = (
      <tbody>
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <tr key={index} className="absent-skeleton-row" aria-hidden="true">
            {COLUMNS.map((column) => (
              <td key={column.key}>
                <span className="placeholder-glow d-block">
                  <span className="placeholder col-8 rounded" />
                </span>
              </td>
            ))}
          </tr>
        ))}
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
    const groups = pageBreak ? chunks(rows, ROWS_PER_PRINTED_PAGE) : [rows];
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
  const report = useAbsentReport(range);
  const download = useDownloadAbsentReport();
  const [pageBreak, setPageBreak] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const switchId = useId();

  // The shell (header, sidebar) stays off the printed page while this document is open.
  useEffect(() => {
    document.body.classList.add('printing-document');
    return () => document.body.classList.remove('printing-document');
  }, []);

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

  const fileName = absentReportFileName(range);
  const exportAs = (format: ExportFormat) => {
    setExporting(format);
    download.mutate({ range, format }, { onSettled: () => setExporting(null) });
  };
  const busy = exporting !== null;

  return (
    <>
      <div className="d-print-none">
        <PageHeader title={title} breadcrumb={breadcrumb} />
      </div>
      <article className="card border-0 shadow-sm absent-document" data-page-break={pageBreak ? 'on' : 'off'}>
        <div className="card-body">
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3 d-print-none">
            <div className="d-flex flex-wrap gap-2">
              <Button variant="outline-success" size="sm" onClick={() => exportAs('xlsx')} disabled={busy}>
                {exporting === 'xlsx' ? <Spinner size="sm" className="me-1" aria-hidden="true" /> : <i className="bi bi-file-earmark-excel me-1" aria-hidden="true" />}
                {text.excel}
              </Button>
              <Button variant="outline-secondary" size="sm" onClick={() => exportAs('csv')} disabled={busy}>
                {exporting === 'csv' ? <Spinner size="sm" className="me-1" aria-hidden="true" /> : <i className="bi bi-filetype-csv me-1" aria-hidden="true" />}
                {text.csv}
              </Button>
              <Button variant="outline-primary" size="sm" onClick={() => printWithTitle(fileName)}>
                <i className="bi bi-printer me-1" aria-hidden="true" />
                {text.print}
              </Button>
            </div>
            <Form.Check
              type="switch"
              id={switchId}
              label={text.pageBreak}
              checked={pageBreak}
              onChange={(event) => setPageBreak(event.target.checked)}
            />
          </div>
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
