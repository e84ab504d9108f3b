import { downloadFile, type ExportFormat } from '@/lib/download';
import { REPORT_PATHS, serverQuery, type ReportRequest } from './report-request';

/** The server builds and streams the file (DESIGN §13); the browser saves it under the server's name. */
export function downloadReport(request: ReportRequest, format: ExportFormat, fallbackName: string): Promise<string> {
  return downloadFile(`${REPORT_PATHS[request.kind]}/export`, { ...serverQuery(request), format }, `${fallbackName}.${format}`);
}
