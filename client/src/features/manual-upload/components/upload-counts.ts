import { isActiveJob, type JobRow } from '@/components/jobs/job-types';
import { manualUploadText as text } from '@/i18n/manual-upload.id';

function numberOf(job: JobRow, key: string): number {
  const value = job.result[key];
  return typeof value === 'number' ? value : 0;
}

/**
 * What the counts say (the server's `upload.attendance` job): while validating, the file's rows checked;
 * while importing, the rows written; once finished, what was imported of the rows filled in the file and,
 * after a failure, how many of them are wrong ('0 dari 212 baris diimpor: 106 baris bermasalah').
 */
export function uploadCounts(job: JobRow): string {
  if (isActiveJob(job)) {
    if (job.result.phase === 'impor') {
      return text.progress.importing(Math.max(0, job.processed - numberOf(job, 'import_from')), numberOf(job, 'rows'));
    }
    return text.progress.validating(job.processed, numberOf(job, 'file_rows'));
  }
  const imported = numberOf(job, 'imported');
  const rows = numberOf(job, 'rows');
  const bad = numberOf(job, 'error_rows');
  // A file refused as a whole (the final message says why): no row was read to count.
  if (rows === 0) return text.progress.nothingImported;
  return bad > 0 ? text.progress.importedWithErrors(imported, rows, bad) : text.progress.imported(imported, rows);
}

