import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { JobProgress } from '@/components/jobs/job-progress';
import type { JobRow } from '@/components/jobs/job-types';
import { StaticTable } from '@/components/static-table';
import { paths } from '@/config/paths';
import { manualUploadText as text } from '@/i18n/manual-upload.id';
import { ApiError } from '@/lib/api-client';
import { showError } from '@/lib/notifications';
import { downloadErrorFile } from '../api/uploads';
import { uploadCounts } from './upload-counts';

/** The upload job, live: the shared progress view, then the row errors and the error file, or a link to the upload. */
export function UploadProgress({ job }: { job: JobRow }) {
  const [downloading, setDownloading] = useState(false);
  const formNumber = typeof job.result.form_number === 'string' ? job.result.form_number : '';
  const hasErrorFile = job.status === 'failed' && job.result.error_file === true;

  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadErrorFile(job.job);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 401) showError(error.message);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div>
      {/* The errors are listed once, below (with the error file), not also in the progress view. */}
      <JobProgress job={job} label={text.progress.label} counts={uploadCounts} listErrors={false} />
      {job.status === 'succeeded' && formNumber && (
        <Link className="btn btn-sm btn-outline-primary mt-2" to={paths.manualUploadDetail.replace(':manualAdjustmentId', encodeURIComponent(formNumber))}>
          {text.progress.openDetail(formNumber)}
        </Link>
      )}
      {/* Row errors only: a file refused as a whole says why in the final message (once). */}
      {hasErrorFile && job.errors.length > 0 && (
        <section className="mt-3" aria-label={text.progress.errorsTitle}>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <h3 className="h6 mb-0">{text.progress.errorsTitle}</h3>
            <Button size="sm" variant="outline-danger" className="ms-auto" onClick={() => void onDownload()} disabled={downloading}>
              {downloading ? <Spinner size="sm" className="me-1" aria-hidden="true" /> : <i className="bi bi-download me-1" aria-hidden="true" />}
              {text.progress.downloadErrors}
            </Button>
          </div>
          <p className="small text-muted mb-2">{text.progress.errorsShown(job.errors.length, job.error_count)}</p>
          <StaticTable
            wrapperClassName="table-responsive upload-errors"
            className="table table-sm table-striped mb-0"
            rows={job.errors}
            rowKey={(error, index) => `${error.item}-${index}`}
            columns={[
              { key: 'row', header: text.progress.row, cell: (error) => error.item, className: 'text-nowrap' },
              { key: 'message', header: text.progress.message, cell: (error) => error.message },
            ]}
          />
        </section>
      )}
    </div>
  );
}
