export { chunk, pageByLines } from './paging';
export { printWithTitle, usePrintingDocument } from './print';
export { ReportDocument, type ReportDocumentProps } from './report-document';
export { ReportToolbar, useReportExport, type ReportToolbarProps } from './report-toolbar';
export { WindowedBlocks, type WindowedBlocksProps } from './windowed';
