import { useMemo, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { chunk, ReportDocument, WindowedBlocks } from '@/components/report-document';
import { SkeletonRows } from '@/components/skeleton';
import { reportsText } from '@/i18n/reports.id';
import type { ExportFormat } from '@/lib/download';
import { useDetailReport, useSummaryReport, type EmployeeReport, type SummaryRow } from '../api/get-report';
import { FORM_PATHS, parseDocumentSearch, rangeLabel, type ReportKind, type ReportRequest } from '../api/report-request';
import { downloadReport } from '../api/download-report';
import { EmployeeSection } from '../components/detail-document';
import { SummaryTable, summaryColumnsOf, summaryTotals } from '../components/summary-table';

const text = reportsText.document;
/** A detail section's height before it is measured: its heading, table header and footer, and its lines. */
const SECTION_CHROME_PX = 125;
const LINE_PX = 33;
/** Rows on one screen page of the summary. */
export const SUMMARY_ROWS_PER_PAGE = 100;
/** With page breaks on, each printed summary page holds this many rows under a repeated header. */
const SUMMARY_ROWS_PER_PRINTED_PAGE = 25;

const CATEGORY_LABELS: Record<string, string> = {
  all: reportsText.categories.all,
  workday: reportsText.categories.workday,
  holiday: reportsText.categories.holiday,
  datang_terlambat: reportsText.categories.lateIn,
  pulang_cepat: reportsText.categories.earlyOut,
  overtime: reportsText.categories.overtime,
  permission: reportsText.categories.permission,
  undisciplined: reportsText.categories.undisciplined,
};

function Invalid({ title, breadcrumb, kind }: RoutePageProps & { kind: ReportKind }) {
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <div className="alert alert-warning" role="alert">
        {text.invalid} <Link to={FORM_PATHS[kind]}>{text.back}</Link>
      </div>
    </>
  );
}

function Skeleton({ columns }: { columns: number }) {
  return (
    <table className="table table-sm mb-0" aria-hidden="true">
      <tbody>
        <SkeletonRows rows={25} columns={columns} />
      </tbody>
    </table>
  );
}

const Empty = () => <p className="text-center text-muted py-4 mb-0">{text.empty}</p>;

function Header({ title, breadcrumb, request }: RoutePageProps & { request: ReportRequest }) {
  return (
    <div className="d-print-none">
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={
          <Link to={FORM_PATHS[request.kind]} className="btn btn-outline-secondary btn-sm">
            {text.back}
          </Link>
        }
      />
    </div>
  );
}

/** A document page: the request read from the address (a new one remounts the document), or 'invalid'. */
function DocumentRoute({
  family,
  invalidKind,
  document: Document,
  ...props
}: RoutePageProps & {
  family: 'detail-family' | 'summary';
  invalidKind: ReportKind;
  document: ComponentType<RoutePageProps & { request: ReportRequest }>;
}) {
  const [params] = useSearchParams();
  const request = useMemo(() => parseDocumentSearch(params, family), [params, family]);
  if (!request) return <Invalid {...props} kind={invalidKind} />;
  return <Document key={params.toString()} {...props} request={request} />;
}

function Subtitle({ request, category }: { request: ReportRequest; category: string }) {
  return (
    <>
      <p className="mb-0" data-testid="report-range">
        {text.range}: {rangeLabel(request)}
      </p>
      {category ? (
        <p className="mb-0">
          {text.category}: {category}
        </p>
      ) : null}
    </>
  );
}

/** A document's export and load state from its report query (the file is named as the server names it). */
function fileProps(request: ReportRequest, report: { data?: { file_name: string }; isPending: boolean; isError: boolean }) {
  const fileName = report.data?.file_name ?? '';
  return {
    download: (format: ExportFormat) => downloadReport(request, format, fileName),
    fileName,
    loading: report.isPending,
    failed: report.isError,
  };
}

function DetailDocument({ request, ...props }: RoutePageProps & { request: ReportRequest }) {
  const report = useDetailReport(request);
  const kind = request.kind as Exclude<ReportKind, 'summary'>;
  const employees = report.data?.employees;
  // One screen page: the sections are windowed (only those around the screen are in the DOM, so
  // 2,000 x 30 = 60,000 lines never freeze the tab); print renders every section.
  const pages = useMemo(() => (employees && employees.length > 0 ? [employees] : []), [employees]);
  const lines = useMemo(() => (employees ?? []).reduce((sum, employee) => sum + employee.log.length, 0), [employees]);
  const category = request.category ? (CATEGORY_LABELS[request.category] ?? request.category) : '';
  return (
    <>
      <Header {...props} request={request} />
      <ReportDocument<EmployeeReport>
        title={text.titles[kind]}
        subtitle={<Subtitle request={request} category={category} />}
        {...fileProps(request, report)}
        pages={pages}
        count={employees ? `${text.employeeCount(employees.length)}, ${text.lineCount(lines)}` : undefined}
        render={(items, printing) =>
          printing ? (
            items.map((employee) => <EmployeeSection key={employee.employee_number_formatted} kind={kind} report={employee} />)
          ) : (
            <WindowedBlocks<EmployeeReport>
              items={items}
              estimate={(employee) => SECTION_CHROME_PX + LINE_PX * employee.log.length}
              itemKey={(employee) => employee.employee_number_formatted}
              render={(employee) => <EmployeeSection kind={kind} report={employee} />}
            />
          )
        }
        skeleton={<Skeleton columns={8} />}
        empty={<Empty />}
      />
    </>
  );
}

/** /report/attendance-detail/doc: the document of the detail family (detail, lembur, permission, late). */
export function DetailDocumentPage(props: RoutePageProps) {
  return <DocumentRoute {...props} family="detail-family" invalidKind="detail" document={DetailDocument} />;
}

function SummaryDocument({ request, ...props }: RoutePageProps & { request: ReportRequest }) {
  const report = useSummaryReport(request);
  const rows = report.data?.rows;
  const pages = useMemo(() => chunk<SummaryRow>(rows ?? [], SUMMARY_ROWS_PER_PAGE), [rows]);
  const totals = useMemo(() => (rows ? summaryTotals(rows) : null), [rows]);
  const columns = useMemo(() => summaryColumnsOf(report.data?.columns), [report.data?.columns]);
  const category = request.category && request.category !== 'all' ? (CATEGORY_LABELS[request.category] ?? request.category) : '';
  const offsets = useMemo(() => {
    const index = new Map<SummaryRow, number>();
    (rows ?? []).forEach((row, position) => index.set(row, position));
    return index;
  }, [rows]);
  return (
    <>
      <Header {...props} request={request} />
      <ReportDocument<SummaryRow>
        title={text.titles.summary}
        subtitle={<Subtitle request={request} category={category} />}
        {...fileProps(request, report)}
        pages={pages}
        count={rows ? text.employeeCount(rows.length) : undefined}
        render={(items) => {
          const groups = chunk(items, SUMMARY_ROWS_PER_PRINTED_PAGE);
          return (
            <SummaryTable
              label={text.titles.summary}
              pages={groups}
              offsets={groups.map((group) => offsets.get(group[0]) ?? 0)}
              totals={totals}
              columns={columns}
            />
          );
        }}
        skeleton={<Skeleton columns={15} />}
        empty={<Empty />}
      />
    </>
  );
}

/** /report/attendance-summary/doc: one row per employee with the column totals. */
export function SummaryDocumentPage(props: RoutePageProps) {
  return <DocumentRoute {...props} family="summary" invalidKind="summary" document={SummaryDocument} />;
}
