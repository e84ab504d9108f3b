import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CardPanel } from '@/components/card-panel';
import { DataTable } from '@/components/data-table';
import { DateRange, type DateRangeValue } from '@/components/date-range';
import { isActiveJob } from '@/components/jobs/job-types';
import { useJob, useJobFinished, useLatestJob } from '@/components/jobs/use-job';
import { emptyManPower, ManPowerCascade, type ManPowerValue } from '@/components/man-power-cascade';
import { useInlineErrors } from '@/components/form';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { manualUploadText as text } from '@/i18n/manual-upload.id';
import { ApiError } from '@/lib/api-client';
import { placementTodayRange } from '@/lib/dates';
import { tablePage } from '@/lib/list-query';
import { showError, showSuccess } from '@/lib/notifications';
import { useListPage } from '@/lib/use-list-page';
import { downloadTemplate, UPLOAD_KIND, uploadKeys, useStartUpload, useUploadList } from '../api/uploads';
import { FileDrop } from '../components/file-drop';
import { UPLOAD_COLUMNS } from '../components/upload-columns';
import { UploadProgress } from '../components/upload-progress';
import { FILE_FIELDS, fileErrorsOf, TEMPLATE_FIELDS, templateErrorsOf, templateParamsOf } from '../components/upload-rules';

/**
 * /adjustment/attendance/manual-upload: 'Unggah Kehadiran Manual' (the template of a placement and
 * range), 'Unggah File' (drop or choose the filled template; validated and imported as a job whose
 * progress is live), and 'List Upload Kehadiran Manual' (a row opens its detail).
 */
export function ManualUploadPage({ title, breadcrumb }: RoutePageProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<DateRangeValue>(() => placementTodayRange());
  const [manPower, setManPower] = useState<ManPowerValue>(emptyManPower);
  const [downloading, setDownloading] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [followed, setFollowed] = useState<string | null>(null);
  const start = useStartUpload();
  // Inline messages from the first submit of each form, the first field focused (DESIGN §18).
  const templateErrors = useInlineErrors(TEMPLATE_FIELDS, templateErrorsOf(range, manPower), text.incomplete);
  const fileErrors = useInlineErrors(FILE_FIELDS, fileErrorsOf(file));
  const [listState, setListState] = useListPage({ defaults: { sort: { column: 'created', dir: 'desc' } } });
  const list = useUploadList(listState);

  // An upload running when the page opens (another tab, a reload) is followed too.
  const latest = useLatestJob(UPLOAD_KIND);
  const activeId = latest && isActiveJob(latest) ? latest.job : null;
  useEffect(() => {
    if (activeId) setFollowed(activeId);
  }, [activeId]);
  const job = useJob(followed).data;
  useJobFinished(
    job,
    (finished) => {
      if (finished.status === 'succeeded') {
        showSuccess(finished.message);
        setFile(null);
        fileErrors.reset();
        void queryClient.invalidateQueries({ queryKey: uploadKeys.all });
      }
    },
    { startedHere: true },
  );

  const onDownload = async () => {
    const params = templateParamsOf(range, manPower);
    if (!templateErrors.check() || !params) return;
    setDownloading(true);
    try {
      const name = await downloadTemplate(params);
      showSuccess(text.form.downloaded(name));
    } catch (error) {
      if (error instanceof ApiError && error.status !== 401) showError(error.message);
    } finally {
      setDownloading(false);
    }
  };

  const onUpload = () => {
    if (!fileErrors.check() || !file) return;
    start.mutate(file, { onSuccess: ({ job: started }) => setFollowed(started.job) });
  };

  const busy = start.isPending || isActiveJob(job);

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} crumb={t.breadcrumbs.upload} />
      <div className="row g-3 mb-3">
        <div className="col-lg-6">
          <form
            className="card border-0 shadow-sm h-100"
            aria-label={text.form.title}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void onDownload();
            }}
          >
            <div className="card-body">
              <h2 className="h6 mb-3">{text.form.title}</h2>
              {templateErrors.alert}
              <DateRange label={text.form.period} value={range} onChange={setRange} className="mb-3" errors={templateErrors} />
              <div className="row g-2 mb-3">
                <ManPowerCascade
                  value={manPower}
                  onChange={setManPower}
                  levels={2}
                  labels={{ type: text.form.type, name: text.form.name }}
                  columnClassName="col-sm-6"
                  levelProps={{ type: templateErrors.control('manPowerType'), name: templateErrors.control('manPowerName') }}
                />
                {templateErrors.message('manPowerType')}
                {templateErrors.message('manPowerName')}
              </div>
              <Button type="submit" disabled={downloading}>
                {downloading ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : <i className="bi bi-download me-2" aria-hidden="true" />}
                {text.form.download}
              </Button>
              <ul className="small text-muted mt-3 mb-0 ps-3">
                {text.form.rules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ul>
            </div>
          </form>
        </div>
        <div className="col-lg-6">
          <form
            className="card border-0 shadow-sm h-100"
            aria-label={text.file.title}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onUpload();
            }}
          >
            <div className="card-body">
              <h2 className="h6 mb-3">{text.file.title}</h2>
              <FileDrop file={file} onChange={setFile} disabled={busy} errors={fileErrors} />
              <Button type="submit" className="mt-3" disabled={busy}>
                {busy ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : <i className="bi bi-upload me-2" aria-hidden="true" />}
                {text.file.submit}
              </Button>
              {job && (
                <div className="mt-3">
                  <UploadProgress job={job} />
                </div>
              )}
            </div>
          </form>
        </div>
      </div>
      <CardPanel>
        <DataTable
          title={text.list.title}
          columns={UPLOAD_COLUMNS}
          rowKey={(row) => row.id}
          {...tablePage(list.data, list.isPending, listState, setListState)}
          onRowClick={(row) =>
            navigate(paths.manualUploadDetail.replace(':manualAdjustmentId', encodeURIComponent(row.form_number)))
          }
          emptyText={text.empty}
        />
      </CardPanel>
    </>
  );
}
