import { useCallback, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { attendanceLogColumns } from '@/components/attendance-log/columns';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import { DataTable } from '@/components/data-table';
import { isCompleteRange } from '@/components/date-range';
import { emptyManPower } from '@/components/man-power-cascade';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import {
  APPROVAL_ATTENDANCE_TOPIC,
  attendanceWaitingTotal,
  useHighlighted,
  useWaitingState,
} from '@/lib/approval-queue';
import { toApiDate } from '@/lib/dates';
import { initialListState, listQueryParams, type ListState } from '@/lib/list';
import { useTopic } from '@/lib/realtime';
import { useSession } from '@/lib/session';
import { useApprovalQueue } from '../api/get-approval-queue';
import { ApprovalModal } from '../components/approval-modal';
import { QueueFiltersForm, queueFilterParams, type QueueFilters } from '../components/queue-filters';

const today = () => toApiDate(new Date());

/** /approval/attendance (doc2 §2.9): the live queue of waiting check-ins. */
export function ApprovalAttendancePage({ title, breadcrumb }: RoutePageProps) {
  useTopic(APPROVAL_ATTENDANCE_TOPIC);
  const { access } = useSession();
  const [filters, setFilters] = useState<QueueFilters>(() => ({
    dates: { start: today(), end: today() },
    manPower: emptyManPower,
    logType: '',
    location: '',
    faceRecognition: '',
  }));
  const [applied, setApplied] = useState(filters);
  const [list, setList] = useState<ListState>(() => initialListState());
  const [openHashId, setOpenHashId] = useState<string | null>(null);
  const highlighted = useHighlighted();
  const waiting = attendanceWaitingTotal(useWaitingState().attendanceByType, access);

  const params = useMemo(() => ({ ...queueFilterParams(applied), ...listQueryParams(list) }), [applied, list]);
  const queue = useApprovalQueue(params);
  const columns = useMemo(() => attendanceLogColumns<AttendanceQueueRow>(), []);
  const close = useCallback(() => setOpenHashId(null), []);

  const changeFilters = (next: QueueFilters) => {
    setFilters(next);
    // doc2 §5: the list reloads once both ends of the date range are picked.
    if (isCompleteRange(next.dates)) {
      setApplied(next);
      setList((state) => ({ ...state, page: 1 }));
    }
  };

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Alert variant="info" className="d-flex align-items-center gap-2">
        <i className="bi bi-info-circle" aria-hidden="true" />
        {t.approvalAttendance.notice}
      </Alert>
      <QueueFiltersForm value={filters} onChange={changeFilters} />
      <section className="card border-0 shadow-sm">
        <div className="card-body">
          <DataTable
            title={t.approvalAttendance.tableTitle}
            titleExtra={
              waiting !== null ? (
                <span className="badge rounded-pill text-bg-warning">{t.approvalAttendance.waitingBadge(waiting)}</span>
              ) : null
            }
            columns={columns}
            rows={queue.data?.rows}
            rowKey={(row) => row.hash_id}
            total={queue.data?.total ?? 0}
            loading={queue.isPending || queue.isPlaceholderData}
            state={list}
            onStateChange={setList}
            onRowClick={(row) => setOpenHashId(row.hash_id)}
            rowClassName={(row) => (highlighted.has(row.hash_id) ? 'data-table-row-new' : undefined)}
          />
        </div>
      </section>
      <ApprovalModal hashId={openHashId} onClose={close} />
    </>
  );
}
