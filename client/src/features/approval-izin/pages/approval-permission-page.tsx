import { useCallback, useId, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CardPanel } from '@/components/card-panel';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { OverdueBadge, OverdueChip } from '@/components/overdue';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { sla } from '@/i18n/sla.id';
import { tablePage } from '@/lib/list-query';
import { APPROVAL_IZIN_TOPIC, useHighlighted } from '@/lib/live-queue';
import { approvalIzinKeys, type IzinRow } from '../realtime';
import { dayjs, formatTableDateTime } from '@/lib/dates';
import { initialListState, listQueryParams, type ListState } from '@/lib/list';
import { useTopic } from '@/lib/realtime';
import { usePermissionCount } from '../api/get-permission-count';
import { usePermissionList } from '../api/get-permission-list';
import { PermissionDetailView } from '../components/permission-detail-view';
import { PERMISSION_STATUS_VARIANTS, PermissionStatusBadge, permissionStatusLabel } from '../components/permission-status';

const c = t.approvalPermission.columns;
/** doc2 §5: from four years back to the current year. */
const YEARS_BACK = 4;

function permissionColumns(): DataTableColumn<IzinRow>[] {
  return [
    { key: 'name', header: c.name, cell: (row) => row.name, sortable: true, searchable: true },
    {
      key: 'employee_number_formatted',
      header: c.employeeNumber,
      cell: (row) => row.employee_number_formatted,
      sortable: true,
      searchable: true,
    },
    { key: 'label', header: c.type, cell: (row) => row.label, sortable: true, searchable: true },
    { key: 'date_formatted', header: c.date, cell: (row) => row.date_formatted, sortable: true },
    { key: 'total_days', header: c.duration, cell: (row) => t.approvalPermission.days(row.total_days), sortable: true },
    {
      key: 'approval_user_name',
      header: c.addressedTo,
      cell: (row) => row.approval_user_name || '-',
      sortable: true,
      searchable: true,
    },
    {
      key: 'status',
      header: c.status,
      cell: (row) => (
        <>
          <PermissionStatusBadge status={row.status} />
          <OverdueBadge overdue={row.overdue} />
        </>
      ),
      sortable: true,
      // The list protocol's `status` search (an exact match on the server).
      searchable: true,
      searchOptions: Object.keys(PERMISSION_STATUS_VARIANTS).map((value) => ({ value, label: permissionStatusLabel(value) })),
    },
    // Sorted ascending: the longest waiting first.
    { key: 'created', header: sla.waitingSince, cell: (row) => formatTableDateTime(row.waiting_since), sortable: true },
  ];
}

/** /approval/permission (doc2 §2.10): the izin list and, over it in the same screen, a request's detail. */
export function ApprovalPermissionPage({ title, breadcrumb }: RoutePageProps) {
  useTopic(APPROVAL_IZIN_TOPIC);
  const yearId = useId();
  const queryClient = useQueryClient();
  const now = dayjs();
  const [year, setYear] = useState(now.year());
  const [list, setList] = useState<ListState>(() => initialListState());
  const [openHashId, setOpenHashId] = useState<string | null>(null);
  // `?overdue=1` (an escalation's link) opens the queue on the overdue requests.
  const [search] = useSearchParams();
  const [overdue, setOverdue] = useState(search.get('overdue') === '1');
  const highlighted = useHighlighted();
  const params = useMemo(
    () => ({ year, ...listQueryParams(list), ...(overdue ? { overdue: '1' } : {}) }),
    [year, list, overdue],
  );
  const permissions = usePermissionList(params);
  const waiting = usePermissionCount(now.month() + 1, now.year());
  const columns = useMemo(permissionColumns, []);
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, index) => now.year() - index);

  const back = useCallback(() => {
    setOpenHashId(null);
    void queryClient.invalidateQueries({ queryKey: approvalIzinKeys.lists() });
  }, [queryClient]);

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <CardPanel as="section">
        <DataTable
          title={t.approvalPermission.tableTitle}
          titleExtra={
            waiting.data !== undefined ? (
              <span className="badge rounded-pill text-bg-warning">
                {t.approvalPermission.waitingThisMonth(waiting.data)}
              </span>
            ) : null
          }
          toolbar={
            <div className="d-flex align-items-center gap-2">
              <Form.Label htmlFor={yearId} className="small mb-0">
                {t.approvalPermission.year}
              </Form.Label>
              <Form.Select
                id={yearId}
                size="sm"
                className="w-auto"
                value={year}
                onChange={(event) => {
                  setYear(Number(event.target.value));
                  setList((state) => ({ ...state, page: 1 }));
                }}
              >
                {years.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Form.Select>
              <OverdueChip
                active={overdue}
                onChange={(on) => {
                  setOverdue(on);
                  setList((state) => ({ ...state, page: 1 }));
                }}
              />
            </div>
          }
          columns={columns}
          rowKey={(row) => row.hash_id}
          {...tablePage(permissions.data, permissions.isPending || permissions.isPlaceholderData, list, setList)}
          onRowClick={(row) => setOpenHashId(row.hash_id)}
          rowClassName={(row) => (highlighted.has(row.hash_id) ? 'data-table-row-new' : undefined)}
        />
      </CardPanel>
      <PermissionDetailView hashId={openHashId} onBack={back} />
    </>
  );
}
