import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { JobHistory, LastJobCard } from '@/components/jobs/job-history';
import { CardPanel } from '@/components/card-panel';
import { JobProgress } from '@/components/jobs/job-progress';
import { isActiveJob, type JobRow } from '@/components/jobs/job-types';
import { useJob, useJobFinished, useLatestJob } from '@/components/jobs/use-job';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { hasFlag } from '@/lib/access';
import { useSession } from '@/lib/session';
import { HR_PULL_KIND } from '../api/keys';
import { useStartHrSync } from '../api/start-hr-sync';
import { HrScheduleForm } from '../components/hr-schedule-form';

const text = t.sync;
/** doc2 §9: the employee sync message clears after 10 seconds. */
export const HR_MESSAGE_MS = 10_000;

function hrSummary(job: JobRow): string | null {
  const { created, updated, resigned } = job.result as Record<string, number | undefined>;
  if (created === undefined && updated === undefined && resigned === undefined) return null;
  return text.hrSummary(created ?? 0, updated ?? 0, resigned ?? 0);
}

/**
 * /sync/employee: 'Sinkronisasi Data' starts the HR pull; its progress is live for everyone on the
 * page (a second admin, a reload, another tab pick the running job up from the jobs topic). The
 * progress message clears after 10 s (doc2); the last run, the history and the schedule stay.
 */
export function SyncEmployeePage({ title, breadcrumb }: RoutePageProps) {
  const { access } = useSession();
  const canSync = hasFlag(access, 'allow_employee_update');
  const latest = useLatestJob(HR_PULL_KIND, canSync);
  const start = useStartHrSync();
  const [followed, setFollowed] = useState<string | null>(null);
  const [messageHidden, setMessageHidden] = useState(false);

  // A running pull (started here, elsewhere, or before a reload) is followed as soon as it is seen.
  const activeId = latest && isActiveJob(latest) ? latest.job : null;
  useEffect(() => {
    if (activeId) {
      setFollowed(activeId);
      setMessageHidden(false);
    }
  }, [activeId]);
  const job = useJob(followed).data;

  useJobFinished(job, () => setMessageHidden(false));
  const finishedAt = job && !isActiveJob(job) ? job.finished : null;
  useEffect(() => {
    if (!finishedAt) return;
    const timer = setTimeout(() => setMessageHidden(true), HR_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [finishedAt]);

  const running = start.isPending || isActiveJob(job);
  const onStart = () => {
    start.mutate(undefined, {
      onSuccess: ({ job: started }) => {
        setFollowed(started.job);
        setMessageHidden(false);
      },
    });
  };

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <CardPanel>
        <p className="text-muted">{text.hrIntro}</p>
        {canSync ? (
          <Button onClick={onStart} disabled={running}>
            {running && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {text.hrButton}
          </Button>
        ) : (
          <p className="text-muted mb-0">{text.noHrAccess}</p>
        )}
        {job && (!messageHidden || isActiveJob(job)) && (
          <div className="mt-4">
            <JobProgress job={job} label={text.hrProgress} summary={hrSummary} />
          </div>
        )}
      </CardPanel>
      {canSync && (
        <>
          <div className="row g-3 mt-0">
            <div className="col-lg-6">
              <LastJobCard kind={HR_PULL_KIND} title={text.hrLastRun} summary={hrSummary} />
            </div>
            <div className="col-lg-6">
              <HrScheduleForm />
            </div>
          </div>
          <div className="mt-3">
            <JobHistory kind={HR_PULL_KIND} title={text.hrHistory} summary={hrSummary} />
          </div>
        </>
      )}
    </>
  );
}
