import { useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import Button from 'react-bootstrap/Button';
import { reportsText } from '@/i18n/reports.id';
import type { ExportFormat } from '@/lib/download';
import { printWithTitle, usePrintingDocument } from './print';
import { ReportToolbar, useReportExport } from './report-toolbar';
import './report-document.css';

const text = reportsText.document;

export interface ReportDocumentProps<T> {
  title: string;
  /** Range and category lines under the title. */
  subtitle: ReactNode;
  /** Download the report as `format` (a `@/lib/download` function; `fileName` is its fallback name). */
  download: (format: ExportFormat) => Promise<string>;
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
 * toggle, a paged screen view (a big report renders a page at a time, or one page whose `render`
 * windows it, as the detail documents do with `WindowedBlocks`, so 60,000 lines never freeze the tab),
 * and print of the whole report under the file name with the shell hidden.
 */
export function ReportDocument<T>({
  title,
  subtitle,
  download,
  fileName,
  loading,
  failed,
  pages,
  count,
  render,
  skeleton,
  empty,
}: ReportDocumentProps<T>) {
  const { exporting, exportAs } = useReportExport(download);
  const [pageBreak, setPageBreak] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [page, setPage] = useState(0);
  const pageCount = pages.length;
  const current = Math.min(page, Math.max(0, pageCount - 1));

  usePrintingDocument();

  // The browser's own print (Ctrl+P, the menu) prints the whole report too: every page renders before
  // the print layout is taken, and the screen view comes back after.
  const [browserPrinting, setBrowserPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setBrowserPrinting(true));
    const after = () => setBrowserPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
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

  const busy = exporting !== null || loading || failed;

  let body: ReactNode;
  if (loading) body = skeleton;
  else if (failed || pageCount === 0) body = empty;
  else if (printing || browserPrinting) body = render(pages.flat(), true);
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
        <ReportToolbar
          exporting={exporting}
          onExport={exportAs}
          exportDisabled={busy}
          onPrint={() => setPrinting(true)}
          printing={printing}
          printDisabled={busy || printing}
          pageBreak={pageBreak}
          onPageBreakChange={setPageBreak}
        />
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
