import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { attendanceLogColumns } from '@/components/attendance-log/columns';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { isCompleteRange } from '@/components/date-range';
import { emptyManPower } from '@/components/man-power-cascade';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { APPROVAL_ATTENDANCE_TOPIC, attendanceWaitingTotal, useHighlighted, useWaitingState } from '@/lib/live-queue';
import { placementTodayRange } from '@/lib/dates';
import { initialListState, listQueryParams, type ListState } from '@/lib/list';
import { useTopic } from '@/lib/realtime';
import { useSession } from '@/lib/session';
import { useApprovalQueue } from '../api/get-approval-queue';
import { ApprovalModal } from '../components/approval-modal';
import { BulkDecisions, RowCheckbox } from '../components/bulk-decisions';
import { QueueFiltersForm, queueFilterParams, type QueueFilters } from '../components/queue-filters';

/** /approval/attendance (doc2 §2.9): the live queue of waiting check-ins. */
export function ApprovalAttendancePage({ title, breadcrumb }: RoutePageProps) {
  useTopic(APPROVAL_ATTENDANCE_TOPIC);
  const { access } = useSession();
  const [filters, setFilters] = useState<QueueFilters>(() => ({
    dates: placementTodayRange(),
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
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const rows = queue.data?.rows;
  // Rows that left the page (decided here or elsewhere, another page) are no longer selected.
  useEffect(() => {
    setSelected((current) => {
      const visible = new Set((rows ?? []).map((row) => row.hash_id));
      const kept = [...current].filter((hashId) => visible.has(hashId));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [rows]);
  const toggle = useCallback((hashId: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(hashId)) next.delete(hashId);
      else next.add(hashId);
      return next;
    });
  }, []);
  const columns = useMemo<DataTableColumn<AttendanceQueueRow>[]>(
    () => [
      {
        key: 'select',
        header: t.approvalAttendance.bulk.select,
        cell: (row) => <RowCheckbox row={row} checked={selected.has(row.hash_id)} onToggle={toggle} />,
        className: 'text-center',
      },
      ...attendanceLogColumns<AttendanceQueueRow>(),
    ],
    [selected, toggle],
  );
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
          <BulkDecisions rows={rows ?? []} selected={selected} onSelectedChange={setSelected} />
          <DataTable
            title={t.approvalAttendance.tableTitle}
            titleExtra={
              waiting !== null ? (
                <span className="badge rounded-pill text-bg-warning" title={t.approvalAttendance.waitingScope}>
                  {t.approvalAttendance.waitingBadge(waiting)}
                </span>
              ) : null
            }
            columns={columns}
            rows={rows}
            rowKey={(row) => row.hash_id}
            total={queue.data?.total ?? 0}
            totalCapped={queue.data?.capped ?? false}
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
