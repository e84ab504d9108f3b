import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { CardPanel } from '@/components/card-panel';
import type { DateRangeValue } from '@/components/date-range';
import { SELECTION_FIELDS, selectionErrors, type EmployeeSelectionValue, type SelectionField } from '@/components/employee-selection';
import { JobHistory, LastJobCard } from '@/components/jobs/job-history';
import { useInlineErrors, type InlineErrorMessages } from '@/components/form';
import { JobProgress } from '@/components/jobs/job-progress';
import { isActiveJob } from '@/components/jobs/job-types';
import { emptyManPower } from '@/components/man-power-cascade';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { SelectionForm } from '@/components/selection-form';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { placementTodayRange } from '@/lib/dates';
import { createHandoff } from '@/lib/handoff';
import { getPayrollPreview } from '../api/get-payroll-preview';
import { PAYROLL_PUSH_KIND } from '../api/keys';
import type { SyncParams } from '../api/payroll-params';
import { setPayrollPreview } from '../components/preview-store';
import { SyncHistory } from '../components/sync-history';
import { pushSummary, useLatestPush } from '../components/use-push-finished';

const text = t.sync;
/** doc2 §9: the sync preview spans at most 30 days. */
export const MAX_RANGE_DAYS = 30;

export interface SyncFilter extends EmployeeSelectionValue {
  range: DateRangeValue;
}

/** What the filter still lacks, as inline messages (doc2 §5; DESIGN §18): empty when it can be sent. */
export function syncErrorsOf(filter: SyncFilter): InlineErrorMessages<SelectionField> {
  return selectionErrors(filter, filter.range, text, { maxDays: MAX_RANGE_DAYS, message: text.rangeTooLong });
}

/** The filter as sync params, or null when it cannot be sent (`syncErrorsOf` says why). */
export function syncParamsOf(filter: SyncFilter): SyncParams | null {
  if (Object.keys(syncErrorsOf(filter)).length > 0) return null;
  const { range, section } = filter;
  const base = { start_date: range.start, end_date: range.end, man_power_type: '', man_power_name: '', man_power_team_name: '', man_power_group_name: '' };
  if (section === 'resigned') {
    return { ...base, type: 'resigned-payroll', employee_id: filter.resigned.map((e) => e.employee_number_formatted).join(',') };
  }
  if (section === 'manPower') {
    return {
      ...base,
      type: 'default',
      employee_id: '',
      man_power_type: filter.manPower.type,
      man_power_name: filter.manPower.name,
      man_power_team_name: filter.manPower.team,
      man_power_group_name: filter.manPower.group,
    };
  }
  return { ...base, type: 'default', employee_id: filter.employees.map((e) => e.employee_number_formatted).join(',') };
}

/** The filter as last left on this page (in memory; a reload starts afresh). */
const filterHandoff = createHandoff<SyncFilter>();

/**
 * /sync/attendance: filter → 'Tampilkan' → the validation preview; the recent syncs beside it, the
 * last push (live, it stays) and the history of pushes below.
 */
export function SyncAttendancePage({ title, breadcrumb }: RoutePageProps) {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<SyncFilter>(
    () =>
      filterHandoff.get() ?? {
        range: placementTodayRange(),
        section: 'employees',
        employees: [],
        manPower: emptyManPower,
        resigned: [],
      },
  );
  // Back from the validation page (after 'Kirim' or 'Kembali') the form is as it was left.
  useEffect(() => filterHandoff.set(filter), [filter]);
  const [loading, setLoading] = useState(false);
  // Inline messages from the first 'Tampilkan', the first field focused (DESIGN §18).
  const errors = useInlineErrors(SELECTION_FIELDS, syncErrorsOf(filter), text.incomplete);
  const push = useLatestPush();

  const onShow = async () => {
    const params = syncParamsOf(filter);
    if (!errors.check() || !params) return;
    setLoading(true);
    try {
      const rows = await getPayrollPreview(params);
      setPayrollPreview({ params, rows });
      navigate(paths.syncAttendanceValidation);
    } catch {
      // The API client has shown the server's message; the form stays as it was.
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {push && isActiveJob(push) && (
        <CardPanel className="mb-3">
          <JobProgress job={push} label={text.pushProgress} />
        </CardPanel>
      )}
      <div className="row g-3">
        <div className="col-lg-8">
          <SelectionForm
            value={filter}
            onChange={setFilter}
            onSubmit={() => void onShow()}
            text={{
              dateRange: text.dateRange,
              employees: text.employees,
              employeesLabel: t.sync.employeeSearch.label,
              manPower: text.manPower,
              resigned: text.resigned,
              resignedLabel: t.sync.employeeSearch.resignedLabel,
            }}
            errors={errors}
            actions={
              <Button type="submit" disabled={loading}>
                {loading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {text.show}
              </Button>
            }
          />
        </div>
        <div className="col-lg-4 d-flex flex-column gap-3">
          <LastJobCard kind={PAYROLL_PUSH_KIND} title={text.pushLastRun} summary={pushSummary} />
          <SyncHistory />
        </div>
      </div>
      <div className="mt-3">
        <JobHistory kind={PAYROLL_PUSH_KIND} title={text.pushHistory} summary={pushSummary} />
      </div>
    </>
  );
}
