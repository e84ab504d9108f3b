import { useEffect, useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { reportsText } from '@/i18n/reports.id';
import { useDownloadReport, type ExportFormat } from '../api/download-report';
import type { ReportRequest } from '../api/report-request';
import './report-document.css';

const text = reportsText.document;

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

/** Split `items` into screen pages of at most `budget` lines (`weight` lines each; one item may exceed it). */
export function pageByLines<T>(items: readonly T[], weight: (item: T) => number, budget: number): T[][] {
  const pages: T[][] = [];
  let current: T[] = [];
  let lines = 0;
  for (const item of items) {
    const size = Math.max(1, weight(item));
    if (current.length > 0 && lines + size > budget) {
      pages.push(current);
      current = [];
      lines = 0;
    }
    current.push(item);
    lines += size;
  }
  if (current.length > 0) pages.push(current);
  return pages;
}

export interface ReportDocumentProps<T> {
  title: string;
  /** Range and category lines under the title. */
  subtitle: ReactNode;
  request: ReportRequest;
  /** The server's file name: the exports' name and the print title (doc3 §5, §9). */
  fileName: string;
  loading: boolean;
  failed: boolean;
  /** Screen pages (whole report when printing). */
  pages: T[][];
  /** Summary under the title, e.g. '12 karyawan, 360 baris'. */
  count?: string;
  /** The body for some items; `printing` renders everything for the printer. */
  render: (items: T[], printing: boolean) => ReactNode;
  skeleton: ReactNode;
  empty: ReactNode;
}

/**
 * The shared report document (doc3 §2.2, DESIGN §13): Excel, CSV and print icons, the 'Page break'
 * toggle, a paged screen view (a big report renders a page at a time, so 60,000 lines never freeze the
 * tab), and print of the whole report under the file name with the shell hidden.
 */
export function ReportDocument<T>({
  title,
  subtitle,
  request,
  fileName,
  loading,
  failed,
  pages,
  count,
  render,
  skeleton,
  empty,
}: ReportDocumentProps<T>) {
  const download = useDownloadReport();
  const [pageBreak, setPageBreak] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [printing, setPrinting] = useState(false);
  const [page, setPage] = useState(0);
  const switchId = useId();
  const pageCount = pages.length;
  const current = Math.min(page, Math.max(0, pageCount - 1));

  // The shell (header, sidebar) stays off the printed page while this document is open.
  useEffect(() => {
    document.body.classList.add('printing-document');
    return () => document.body.classList.remove('printing-document');
  }, []);

  // Printing renders every page first, then opens the print dialog once the DOM holds them.
  useEffect(() => {
    if (!printing) return;
    const timer = window.setTimeout(() => {
      printWithTitle(fileName);
      setPrinting(false);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [printing, fileName]);

  const exportAs = (format: ExportFormat) => {
    setExporting(format);
    download.mutate({ request, format, fallbackName: fileName }, { onSettled: () => setExporting(null) });
  };
  const busy = exporting !== null || loading || failed;

  let body: ReactNode;
  if (loading) body = skeleton;
  else if (failed || pageCount === 0) body = empty;
  else if (printing) body = render(pages.flat(), true);
  else body = render(pages[current], false);

  const pager =
    !loading && pageCount > 1 ? (
      <nav className="d-flex align-items-center justify-content-center gap-2 my-3 d-print-none" aria-label={text.pages}>
        <Button variant="outline-secondary" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
          {text.previous}
        </Button>
        <span className="small" aria-live="polite">
          {text.pageOf(current + 1, pageCount)}
        </span>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={current >= pageCount - 1}
          onClick={() => setPage(current + 1)}
        >
          {text.next}
        </Button>
      </nav>
    ) : null;

  return (
    <article className="card border-0 shadow-sm report-document" data-page-break={pageBreak ? 'on' : 'off'}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3 d-print-none">
          <div className="d-flex flex-wrap gap-2">
            <Button variant="outline-success" size="sm" onClick={() => exportAs('xlsx')} disabled={busy}>
              {exporting === 'xlsx' ? (
                <Spinner size="sm" className="me-1" aria-hidden="true" />
              ) : (
                <i className="bi bi-file-earmark-excel me-1" aria-hidden="true" />
              )}
              {text.excel}
            </Button>
            <Button variant="outline-secondary" size="sm" onClick={() => exportAs('csv')} disabled={busy}>
              {exporting === 'csv' ? (
                <Spinner size="sm" className="me-1" aria-hidden="true" />
              ) : (
                <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
              )}
              {text.csv}
            </Button>
            <Button variant="outline-primary" size="sm" onClick={() => setPrinting(true)} disabled={busy || printing}>
              {printing ? (
                <Spinner size="sm" className="me-1" aria-hidden="true" />
              ) : (
                <i className="bi bi-printer me-1" aria-hidden="true" />
              )}
              {printing ? text.preparingPrint : text.print}
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
          <h2 className="h4 mb-1">{title}</h2>
          <div className="text-muted small">{subtitle}</div>
          {count && !loading ? <p className="small text-muted mb-0">{count}</p> : null}
        </header>
        {pager}
        <div aria-busy={loading}>{body}</div>
        {pager}
      </div>
    </article>
  );
}
