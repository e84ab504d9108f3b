import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { attendanceLogColumns, riskReasonsColumn } from '@/components/attendance-log/columns';
import { RiskCell } from '@/components/attendance-log/risk';
import { OverdueBadge } from '@/components/overdue';
import type { AttendanceLogDetail, AttendanceQueueRow } from '@/components/attendance-log/types';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { isCompleteRange } from '@/components/date-range';
import { LoadingStatus } from '@/components/loading-status';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { sla } from '@/i18n/sla.id';
import { tablePage } from '@/lib/list-query';
import {
  APPROVAL_ATTENDANCE_TOPIC,
  attendanceApproverTypes,
  attendanceTypesScope,
  attendanceWaitingLabel,
  attendanceWaitingTotal,
  useHighlighted,
  useWaitingState,
} from '@/lib/live-queue';
import { formatCount } from '@/lib/format';
import { formatDate, formatTableDate, formatTableDateTime } from '@/lib/dates';
import { initialListState, listQueryParams, type ListState } from '@/lib/list';
import { usePreference, type Preference } from '@/lib/preferences';
import { useTopic } from '@/lib/realtime';
import { useSession } from '@/lib/session';
import { useDecideAttendanceLog } from '../api/decide-attendance-log';
import { lastDecisionKey, useLastDecision, useUndoDecision } from '../api/last-decision';
import { useApprovalQueue } from '../api/get-approval-queue';
import { ApprovalModal, decisionRights, type Mode } from '../components/approval-modal';
import { BulkDecisions, RowCheckbox, type BulkDecisionsHandle } from '../components/bulk-decisions';
import { KeysDialog } from '../components/keys-dialog';
import { needsRiskConfirm, RiskApproveConfirm } from '../components/risk-approve-confirm';
import { isUndoable, UndoBanner } from '../components/undo-banner';
import { SkipLink } from '../components/skip-link';
import {
  activeQueueFilters,
  QueueFiltersForm,
  queueFilterParams,
  type QueueFilters,
} from '../components/queue-filters';
import { isOutOfRadius } from '../lib/bulk-placements';
import {
  defaultQueueView,
  isDefaultQueueView,
  QUEUE_PREFERENCE_KEY,
  queueViewFromUrl,
  readStoredQueueView,
  storedQueueView,
  type QueueView,
} from '../lib/queue-view';
import { useCockpitKeys } from '../lib/use-cockpit-keys';

const text = t.approvalAttendance;
const QUEUE_ID = 'approval-queue';

function periodText(dates: { start: string; end: string }): string {
  if (!dates.start || !dates.end) return t.approvalScope.allDates;
  return dates.start === dates.end ? formatDate(dates.start) : `${formatDate(dates.start)} – ${formatDate(dates.end)}`;
}

/**
 * /approval/attendance (doc2 §2.9): the approver's cockpit. The live queue of waiting check-ins with
 * their risk, bulk decisions (selected, all low risk) with undo, and keys for everything (j/k, Enter,
 * a, r, x, Shift+A, u, ?). It opens on the approver's own filters and order (kept on the server,
 * `QueueView`), or on those of the link that opened it, else on the spec's default (today).
 */
export function ApprovalAttendancePage(props: RoutePageProps) {
  const location = useLocation();
  const preference = usePreference(QUEUE_PREFERENCE_KEY);
  const [start] = useState(() => {
    const linked = queueViewFromUrl(new URLSearchParams(location.search));
    return linked ? { view: linked, fromLink: true } : null;
  });
  const [stored, setStored] = useState<QueueView | null>(null);
  if (!start && !stored && preference.ready) setStored(readStoredQueueView(preference.value) ?? defaultQueueView());
  const initial = start ?? (stored ? { view: stored, fromLink: false } : null);
  if (!initial) {
    return (
      <>
        <PageHeader title={props.title} breadcrumb={props.breadcrumb} />
        <LoadingStatus>{t.common.loading}</LoadingStatus>
      </>
    );
  }
  return <ApprovalQueue {...props} initialView={initial.view} fromLink={initial.fromLink} preference={preference} />;
}

function ApprovalQueue({
  title,
  breadcrumb,
  initialView,
  fromLink,
  preference,
}: RoutePageProps & { initialView: QueueView; fromLink: boolean; preference: Preference }) {
  useTopic(APPROVAL_ATTENDANCE_TOPIC);
  const { access } = useSession();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<QueueFilters>(initialView.filters);
  const [applied, setApplied] = useState(filters);
  const [list, setList] = useState<ListState>(() =>
    initialListState({ sort: initialView.sort, perPage: initialView.perPage }),
  );
  const view = useMemo<QueueView>(
    () => ({ filters: applied, sort: list.sort, perPage: list.perPage }),
    [applied, list.sort, list.perPage],
  );
  // Each change of the filters, the order or the page size is saved for the approver (debounced); the
  // view a link opened with, or a reset, is not saved until the approver changes something.
  const known = useRef(JSON.stringify(storedQueueView(initialView)));
  const linked = useRef(fromLink);
  useEffect(() => {
    const stored = storedQueueView(view);
    const json = JSON.stringify(stored);
    if (json === known.current) return;
    known.current = json;
    preference.save({ ...stored });
    if (linked.current) {
      linked.current = false;
      void navigate({ search: '' }, { replace: true });
    }
  }, [view, preference, navigate]);
  const resetView = () => {
    const fresh = defaultQueueView();
    setFilters(fresh.filters);
    setApplied(fresh.filters);
    setList(initialListState());
    known.current = JSON.stringify(storedQueueView(fresh));
    linked.current = false;
    void preference.reset();
    // The button is disabled now: the focus goes on to the queue, not to the page's start.
    queueRef.current?.focus();
  };
  const [open, setOpen] = useState<{ hashId: string; mode: Mode } | null>(null);
  const [showKeys, setShowKeys] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const highlighted = useHighlighted();
  const waiting = attendanceWaitingTotal(useWaitingState().attendanceByType, access);
  const bulk = useRef<BulkDecisionsHandle>(null);
  const queueRef = useRef<HTMLElement>(null);
  const decideOne = useDecideAttendanceLog();
  const queryClient = useQueryClient();
  // Undo = my last action: the server's (it survives a reload); `u` and the banner undo it.
  const lastDecision = useLastDecision();
  const undoDecision = useUndoDecision();
  const [expired, setExpired] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AttendanceQueueRow | null>(null);

  const params = useMemo(() => ({ ...queueFilterParams(applied), ...listQueryParams(list) }), [applied, list]);
  // 'Setujui semua risiko rendah' takes the list's filters (not its page or order).
  const lowRiskFilters = useMemo(() => {
    const { status: _status, page: _page, per_page: _perPage, order: _order, ...rest } = params;
    return rest;
  }, [params]);
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
        header: text.bulk.select,
        cell: (row) => <RowCheckbox row={row} checked={selected.has(row.hash_id)} onToggle={toggle} />,
        className: 'text-center',
      },
      { key: 'risk', header: t.attendanceLog.risk.column, cell: (row) => <RiskCell risk={row.risk} />, sortable: true },
      riskReasonsColumn<AttendanceQueueRow>(),
      ...attendanceLogColumns<AttendanceQueueRow>(),
      {
        key: 'waiting',
        header: sla.waitingSince,
        cell: (row) => (
          <>
            {row.waiting_since ? formatTableDateTime(row.waiting_since) : '-'}
            <OverdueBadge overdue={row.overdue} />
          </>
        ),
        sortable: true,
      },
    ],
    [selected, toggle],
  );

  const announce = useCallback((message: string) => {
    // The same words twice in a row are still said: the region is emptied first.
    setAnnouncement('');
    window.setTimeout(() => setAnnouncement(message), 50);
  }, []);

  const approveNow = (row: AttendanceQueueRow) =>
    decideOne.mutate(
      { kind: 'approve', id: row.hash_id, nearManPower: '' },
      { onSuccess: () => announce(text.announce.approved(row.employee_name)) },
    );

  const last = lastDecision.data;
  const undoable = isUndoable(last, Date.now()) && last.batch !== expired ? last : null;
  const undoing = useRef(false);
  const undoLast = async () => {
    // While the last action is read again (just after a decision), `u` waits for it and undoes the
    // fresh one: it never undoes a stale one, and a press right after a decision is not lost.
    if (undoing.current || undoDecision.isPending) return;
    undoing.current = true;
    try {
      const current = lastDecision.isFetching ? (await lastDecision.refetch({ cancelRefetch: false })).data : last;
      const target = isUndoable(current, Date.now()) && current.batch !== expired ? current : null;
      if (!target) {
        announce(text.undo.nothing);
        return;
      }
      await undoDecision.mutateAsync(target.batch).then(
        (response) => announce(text.announce.undone(response.data.decided)),
        () => undefined,
      );
    } finally {
      undoing.current = false;
    }
  };
  const expire = useCallback(
    (batch: string) => {
      setExpired(batch);
      void queryClient.invalidateQueries({ queryKey: lastDecisionKey });
    },
    [queryClient],
  );

  const keys = useCockpitKeys({
    rows: rows ?? [],
    container: queueRef,
    disabled: Boolean(open) || showKeys || confirming !== null,
    onOpen: (row) => setOpen({ hashId: row.hash_id, mode: 'view' }),
    onApprove: (row) => {
      if (!decisionRights(access, row.man_power_type).approve) return;
      // Out of radius: the detail opens at its placement step (the nearest one chosen); a medium or
      // high risk asks first, naming its reasons; a low one inside the radius is approved at once.
      if (isOutOfRadius(row)) setOpen({ hashId: row.hash_id, mode: 'approve' });
      else if (needsRiskConfirm(row)) setConfirming(row);
      else approveNow(row);
    },
    onReject: (row) => {
      if (decisionRights(access, row.man_power_type).reject) setOpen({ hashId: row.hash_id, mode: 'reject' });
    },
    onToggle: (row) => toggle(row.hash_id),
    onApproveSelected: () => bulk.current?.approveSelected(),
    onUndo: () => void undoLast(),
    onHelp: () => setShowKeys(true),
  });

  const close = useCallback(() => setOpen(null), []);
  const decided = useCallback(
    (kind: 'approve' | 'reject', log: AttendanceLogDetail) =>
      announce(kind === 'approve' ? text.announce.approved(log.employee_name) : text.announce.rejected(log.employee_name)),
    [announce],
  );

  const changeFilters = (next: QueueFilters) => {
    setFilters(next);
    // doc2 §5: the list reloads once both ends of the date range are picked.
    if (isCompleteRange(next.dates)) {
      setApplied(next);
      setList((state) => ({ ...state, page: 1 }));
    }
  };

  // The date range holds nothing but rows wait on other dates: one click shows them (every date).
  const older = queue.data?.olderWaiting ?? null;
  const showOlder = () => {
    changeFilters({ ...filters, dates: { start: '', end: '' } });
    queueRef.current?.focus();
  };
  const emptyOlder = older ? (
    <div className="d-flex flex-column align-items-center gap-2" data-testid="older-waiting">
      <span>{text.olderWaiting.empty(older.count, formatTableDate(older.since))}</span>
      <Button variant="primary" size="sm" onClick={showOlder}>
        {text.olderWaiting.show(older.count, formatTableDate(older.since))}
      </Button>
    </div>
  ) : undefined;

  const typesScope = attendanceTypesScope(attendanceApproverTypes(access));
  const filtered =
    activeQueueFilters(applied) > 0 || list.globalSearch.trim() !== '' || Object.values(list.search).some(Boolean);

  return (
    <>
      <SkipLink target={QUEUE_ID} label={text.skipLink} onSkip={keys.focusQueue} />
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={
          <Button variant="outline-secondary" size="sm" onClick={() => setShowKeys(true)} aria-keyshortcuts="?">
            <i className="bi bi-keyboard me-1" aria-hidden="true" />
            {text.keys.button}
          </Button>
        }
      />
      <Alert variant="info" className="d-flex align-items-center gap-2">
        <i className="bi bi-info-circle" aria-hidden="true" />
        {text.notice}
      </Alert>
      <QueueFiltersForm value={filters} onChange={changeFilters} />
      <section className="card border-0 shadow-sm" id={QUEUE_ID} ref={queueRef} tabIndex={-1} aria-label={text.tableTitle}>
        <div className="card-body">
          <BulkDecisions
            ref={bulk}
            rows={rows ?? []}
            selected={selected}
            onSelectedChange={setSelected}
            filters={lowRiskFilters}
            onAnnounce={announce}
          />
          {undoable ? (
            <div className="mb-3">
              <UndoBanner
                last={undoable}
                busy={undoDecision.isPending || lastDecision.isFetching}
                onUndo={() => void undoLast()}
                onExpire={() => expire(undoable.batch)}
              />
            </div>
          ) : null}
          <p className="small text-muted mb-2" data-testid="queue-scope">
            {text.tableScope(
              queue.data ? formatCount(queue.data.total) + (queue.data.capped ? '+' : '') : '…',
              periodText(applied.dates),
              typesScope,
              filtered,
            )}
          </p>
          <DataTable
            title={text.tableTitle}
            titleExtra={
              waiting !== null ? (
                <span className="badge rounded-pill text-bg-warning text-wrap text-start" title={text.waitingScope}>
                  {attendanceWaitingLabel(waiting, access)}
                </span>
              ) : null
            }
            columns={columns}
            rowKey={(row) => row.hash_id}
            {...tablePage(queue.data, queue.isPending || queue.isPlaceholderData, list, setList)}
            totalCapped={queue.data?.capped ?? false}
            emptyText={emptyOlder}
            toolbar={
              <Button
                variant="outline-secondary"
                size="sm"
                title={text.view.resetHint}
                disabled={isDefaultQueueView(view)}
                onClick={resetView}
              >
                <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
                {text.view.reset}
              </Button>
            }
            onRowClick={(row) => setOpen({ hashId: row.hash_id, mode: 'view' })}
            rowClassName={(row) => (highlighted.has(row.hash_id) ? 'data-table-row-new' : undefined)}
          />
        </div>
      </section>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="cockpit-announcer">
        {announcement}
      </div>
      <ApprovalModal
        hashId={open?.hashId ?? null}
        initialMode={open?.mode ?? 'view'}
        onClose={close}
        onDecided={decided}
        onExited={keys.restoreFocus}
      />
      <KeysDialog show={showKeys} onHide={() => setShowKeys(false)} onExited={keys.restoreFocus} />
      <RiskApproveConfirm
        row={confirming}
        busy={decideOne.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={(row) => {
          setConfirming(null);
          approveNow(row);
        }}
        onExited={keys.restoreFocus}
      />
    </>
  );
}
