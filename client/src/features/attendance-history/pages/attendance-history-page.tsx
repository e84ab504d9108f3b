import { useCallback, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { attendanceHistoryExtraColumns, attendanceLogColumns } from '@/components/attendance-log/columns';
import type { AttendanceHistoryRow } from '@/components/attendance-log/types';
import { CardPanel } from '@/components/card-panel';
import { DataTable } from '@/components/data-table';
import { isCompleteRange } from '@/components/date-range';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { placementTodayRange } from '@/lib/dates';
import { initialListState, listQueryParams, type ListState } from '@/lib/list';
import { tablePage } from '@/lib/list-query';
import { useAttendanceHistory } from '../api/get-attendance-history';
import { HistoryFiltersForm, historyFilterParams, type HistoryFilters } from '../components/history-filters';
import { HistoryModal } from '../components/history-modal';
import { StatusSummary } from '../components/status-summary';

/** /report/attendance-log (doc2 §2.11): decided logs, undo, reject a valid log, 'Mundurkan absen'. */
export function AttendanceHistoryPage({ title, breadcrumb }: RoutePageProps) {
  const [filters, setFilters] = useState<HistoryFilters>(() => ({
    manPower: '',
    dates: placementTodayRange(),
    status: '',
    logType: '',
  }));
  const [applied, setApplied] = useState(filters);
  const [list, setList] = useState<ListState>(() => initialListState());
  const [openHashId, setOpenHashId] = useState<string | null>(null);
  const params = useMemo(() => ({ ...historyFilterParams(applied), ...listQueryParams(list) }), [applied, list]);
  const history = useAttendanceHistory(params);
  const columns = useMemo(
    () => [...attendanceLogColumns<AttendanceHistoryRow>(), ...attendanceHistoryExtraColumns()],
    [],
  );
  const close = useCallback(() => setOpenHashId(null), []);

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Alert variant="warning" className="d-flex align-items-center gap-2">
        <i className="bi bi-exclamation-triangle" aria-hidden="true" />
        {t.attendanceHistory.notice}
      </Alert>
      <StatusSummary />
      <HistoryFiltersForm
        value={filters}
        onChange={(next) => {
          setFilters(next);
          // doc2 §5: the list reloads once both ends of the date range are picked.
          if (isCompleteRange(next.dates)) {
            setApplied(next);
            setList((state) => ({ ...state, page: 1 }));
          }
        }}
      />
      <CardPanel as="section">
        <DataTable
          title={t.attendanceHistory.tableTitle}
          columns={columns}
          rowKey={(row) => row.hash_id}
          {...tablePage(history.data, history.isPending || history.isPlaceholderData, list, setList)}
          totalCapped={history.data?.capped ?? false}
          onRowClick={(row) => setOpenHashId(row.hash_id)}
        />
      </CardPanel>
      <HistoryModal hashId={openHashId} onClose={close} />
    </>
  );
}
