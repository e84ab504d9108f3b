import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { reportsText } from '@/i18n/reports.id';
import { useDownload, type ExportFormat } from '@/lib/download';

const text = reportsText.document;

const EXPORTS: { format: ExportFormat; variant: string; icon: string; label: string }[] = [
  { format: 'xlsx', variant: 'outline-success', icon: 'bi-file-earmark-excel', label: text.excel },
  { format: 'csv', variant: 'outline-secondary', icon: 'bi-filetype-csv', label: text.csv },
];

/**
 * The export of a report document: `exportAs(format)` runs `download` (a `@/lib/download` function)
 * and `exporting` names the format under way; a failure shows its message.
 */
export function useReportExport(download: (format: ExportFormat) => Promise<string>) {
  const mutation = useDownload(download);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const exportAs = (format: ExportFormat) => {
    setExporting(format);
    mutation.mutate(format, { onSettled: () => setExporting(null) });
  };
  return { exporting, exportAs };
}

export interface ReportToolbarProps {
  exporting: ExportFormat | null;
  onExport: (format: ExportFormat) => void;
  exportDisabled: boolean;
  onPrint: () => void;
  /** The print waits for the whole document to render ('Menyiapkan cetak…'); undefined prints at once. */
  printing?: boolean;
  printDisabled?: boolean;
  pageBreak: boolean;
  onPageBreakChange: (on: boolean) => void;
}

/** The report documents' toolbar (doc3 §2.2): Excel, CSV and print buttons, and the 'Page break' switch. */
export function ReportToolbar({
  exporting,
  onExport,
  exportDisabled,
  onPrint,
  printing = false,
  printDisabled = false,
  pageBreak,
  onPageBreakChange,
}: ReportToolbarProps) {
  const switchId = useId();
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3 d-print-none">
      <div className="d-flex flex-wrap gap-2">
        {EXPORTS.map(({ format, variant, icon, label }) => (
          <Button key={format} variant={variant} size="sm" onClick={() => onExport(format)} disabled={exportDisabled}>
            {exporting === format ? (
              <Spinner size="sm" className="me-1" aria-hidden="true" />
            ) : (
              <i className={`bi ${icon} me-1`} aria-hidden="true" />
            )}
            {label}
          </Button>
        ))}
        <Button variant="outline-primary" size="sm" onClick={onPrint} disabled={printDisabled}>
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
        onChange={(event) => onPageBreakChange(event.target.checked)}
      />
    </div>
  );
}
