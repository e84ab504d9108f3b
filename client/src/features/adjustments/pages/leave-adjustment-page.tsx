import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AuthFileLink } from '@/components/auth-image';
import { CardPanel } from '@/components/card-panel';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { RecentList } from '@/components/recent-list';
import { adjustmentsText } from '@/i18n/adjustments.id';
import { hasFlag } from '@/lib/access';
import { ApiError } from '@/lib/api-client';
import { dayjs, formatTableDateTime, todayIn, WESTERNMOST_ZONE } from '@/lib/dates';
import { tablePage } from '@/lib/list-query';
import { showError, showSuccess } from '@/lib/notifications';
import { useSession } from '@/lib/session';
import { useListPage } from '@/lib/use-list-page';
import { adjustmentKeys } from '../api/keys';
import {
  createLeaveAdjustment,
  downloadLeaveReport,
  leaveDetailQuery,
  useLeaveHistory,
  useLeaveList,
  useLeaveYears,
  type LeaveAdjustment,
} from '../api/leave';
import { LeaveModal, leaveDetailPath, type LeaveFormValues } from '../components/leave-modal';

const text = adjustmentsText.leave;
const c = text.columns;

/**
 * doc2 §2.1, §9: the leave year shown is the previous year before 15 January. Leave dates, the yearly
 * refresh and the server's default year follow the server's zone (WIB), so the client reads WIB's today.
 */
export function leaveYearShown(today: string): number {
  const day = dayjs(today);
  const beforeRefresh = day.month() === 0 && day.date() < 15;
  return beforeRefresh ? day.year() - 1 : day.year();
}

export const LEAVE_COLUMNS: DataTableColumn<LeaveAdjustment>[] = [
  { key: 'employee_number_formatted', header: c.employeeNumber, cell: (r) => r.employee_number_formatted, sortable: true, searchable: true },
  { key: 'employee_name', header: c.name, cell: (r) => r.employee_name, sortable: true, searchable: true },
  { key: 'jumlah_hari_cuti', header: c.days, cell: (r) => r.jumlah_hari_cuti, sortable: true },
  { key: 'description', header: c.description, cell: (r) => r.description, sortable: true },
  {
    key: 'attachment_url',
    header: c.file,
    cell: (r) =>
      r.attachment_url ? (
        <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()} role="presentation">
          <AuthFileLink href={r.attachment_url}>{text.openFile}</AuthFileLink>
        </span>
      ) : (
        '-'
      ),
  },
];

function errorText(error: unknown): void {
  if (error instanceof ApiError && error.status !== 401 && error.status !== 0) showError(error.message);
}

function HistoryWidget() {
  const monthId = useId();
  const now = dayjs(todayIn(WESTERNMOST_ZONE));
  const [month, setMonth] = useState(now.month() + 1);
  const year = now.year();
  const history = useLeaveHistory(year, month);
  const [busy, setBusy] = useState(false);
  const monthName = adjustmentsText.months[month - 1];
  return (
    <RecentList
      title={text.history}
      titleId="leave-history-title"
      className="mb-3"
      items={history.data}
      loading={history.isPending}
      emptyText={adjustmentsText.emptyHistory}
      itemKey={(item) => item.id}
      itemClassName="py-2 border-bottom small"
      listStyle={{ maxHeight: 320, overflowY: 'auto' }}
      header={
        <>
          <Form.Label htmlFor={monthId} className="small mb-1">
            {adjustmentsText.month}
          </Form.Label>
          <Form.Select id={monthId} size="sm" value={month} onChange={(event) => setMonth(Number(event.target.value))} className="mb-2">
            {adjustmentsText.months.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </Form.Select>
        </>
      }
      renderItem={(item) => (
        <>
          <Link to={leaveDetailPath(item.code)} className="fw-semibold">
            {item.code}
          </Link>
          <div>{item.text}</div>
          <div className="text-muted">{formatTableDateTime(item.date)}</div>
        </>
      )}
      footer={
        <Button
          size="sm"
          variant="outline-primary"
          className="mt-3"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            downloadLeaveReport({ month, year }, `${monthName} ${year}`)
              .catch(errorText)
              .finally(() => setBusy(false));
          }}
        >
          {busy && <Spinner size="sm" className="me-1" aria-hidden="true" />}
          {text.downloadMonth(monthName)}
        </Button>
      }
    />
  );
}

function YearlyWidget() {
  const years = useLeaveYears();
  const [busy, setBusy] = useState<number | null>(null);
  return (
    <CardPanel as="section" aria-labelledby="leave-yearly-title">
      <h2 className="h6" id="leave-yearly-title">
        {text.yearly}
      </h2>
      {years.isPending ? (
        <div className="placeholder-glow" aria-hidden="true">
          <span className="placeholder col-8 rounded" />
        </div>
      ) : (years.data ?? []).length === 0 ? (
        <p className="text-muted small mb-0">{adjustmentsText.emptyHistory}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {(years.data ?? []).map((year) => (
            <li key={year} className="d-flex justify-content-between align-items-center py-2 border-bottom small">
              <span>{text.yearlyItem(year)}</span>
              <Button
                size="sm"
                variant="link"
                aria-label={`${text.download} ${text.yearlyItem(year)}`}
                disabled={busy === year}
                onClick={() => {
                  setBusy(year);
                  downloadLeaveReport({ year }, String(year))
                    .catch(errorText)
                    .finally(() => setBusy(null));
                }}
              >
                {text.download}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </CardPanel>
  );
}

/** Floating scroll-to-top and scroll-to-bottom buttons (doc2 §2.1). */
export function ScrollButtons() {
  return (
    <div className="position-fixed d-flex flex-column gap-2" style={{ right: 16, bottom: 16, zIndex: 1030 }}>
      <Button size="sm" variant="secondary" aria-label={text.scrollTop} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
        ↑
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-label={text.scrollBottom}
        onClick={() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'smooth' })}
      >
        ↓
      </Button>
    </div>
  );
}

/** /adjustment/leave (and /leave-adjustment): the yearly list of manual leave, its history and reports. */
export function LeaveAdjustmentPage({ title, breadcrumb }: RoutePageProps) {
  const { access } = useSession();
  const canCreate = hasFlag(access, 'allow_adjustment_create');
  const queryClient = useQueryClient();
  const year = leaveYearShown(todayIn(WESTERNMOST_ZONE));
  const [state, setState] = useListPage();
  const list = useLeaveList(state, { year });
  const [modal, setModal] = useState<{ mode: 'create' } | { mode: 'view'; key: string } | null>(null);
  const detail = useQuery({ ...leaveDetailQuery(modal?.mode === 'view' ? modal.key : ''), enabled: modal?.mode === 'view' });

  const onCreate = async (values: LeaveFormValues) => {
    const response = await createLeaveAdjustment({
      employeeNumber: values.employee,
      start: values.start,
      end: values.end,
      requestDate: values.requestDate,
      description: values.description,
      attachment: values.attachment,
    });
    showSuccess(response.message);
    setModal(null);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adjustmentKeys.leave }),
      queryClient.invalidateQueries({ queryKey: ['employee-search'] }),
    ]);
  };

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <div className="row g-3">
        <div className="col-xl-8">
          <DataTable
            title={text.tableTitle(year)}
            titleExtra={<p className="text-muted small mb-0 w-100">{text.subtitle}</p>}
            columns={LEAVE_COLUMNS}
            rowKey={(row) => row.hash_id}
            {...tablePage(list.data, list.isPending, state, setState)}
            onRowClick={(row) => setModal({ mode: 'view', key: row.code })}
            emptyText={adjustmentsText.empty}
          />
        </div>
        <div className="col-xl-4">
          {canCreate && (
            <Button className="w-100 mb-3" onClick={() => setModal({ mode: 'create' })}>
              {text.create}
            </Button>
          )}
          <HistoryWidget />
          <YearlyWidget />
        </div>
      </div>
      <ScrollButtons />
      <LeaveModal
        show={modal !== null}
        mode={modal?.mode ?? 'view'}
        record={detail.data}
        loading={detail.isPending}
        onClose={() => setModal(null)}
        onCreate={onCreate}
      />
    </>
  );
}
