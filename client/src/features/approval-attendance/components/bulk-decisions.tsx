import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { RejectNoteField } from '@/components/attendance-log/reject-note-field';
import type { AttendanceQueueRow } from '@/components/attendance-log/types';
import { id as t } from '@/i18n/id';
import { hasFlag } from '@/lib/access';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { JobProgress } from '@/components/jobs/job-progress';
import type { JobRow } from '@/components/jobs/job-types';
import { useJob, useJobFinished } from '@/components/jobs/use-job';
import {
  endOwnDecisions,
  isJobAnswer,
  useDecideMany,
  type BulkDecision,
  type BulkOutcome,
  type BulkResult,
} from '../api/decide-many';
import { approvalAttendanceKeys } from '../realtime';
import { ApproveSelectedDialog } from './approve-selected-dialog';
import { BulkResultPanel, type NamedOutcome } from './bulk-result';
import { LowRiskDialog } from './low-risk-dialog';

const text = t.approvalAttendance.bulk;

/** A key for one confirmed bulk approve: a retried request answers the job it started. */
function confirmKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** A bulk approve running as a job: its progress, live, while the queue stays usable; then its result. */
function BulkJob({ jobId, onFinish }: { jobId: string; onFinish: (job: JobRow) => void }) {
  const { data: job } = useJob(jobId);
  useJobFinished(job, onFinish, { startedHere: true });
  if (!job) return null;
  return <JobProgress job={job} label={t.approvalAttendance.bulkConfirm.running} hideFinalMessage />;
}

/** The checkbox of one queue row: it selects without opening the row's detail. */
export function RowCheckbox({
  row,
  checked,
  onToggle,
}: {
  row: AttendanceQueueRow;
  checked: boolean;
  onToggle: (hashId: string) => void;
}) {
  return (
    <Form.Check
      type="checkbox"
      className="m-0"
      aria-label={text.selectRow(row.employee_name, row.log_datetime)}
      checked={checked}
      onChange={() => onToggle(row.hash_id)}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        // Space checks the box and Enter is the row's: neither opens the detail from here.
        if (event.key === 'Enter' || event.key === ' ') event.stopPropagation();
      }}
    />
  );
}

/** What the page's keys ask of the bulk decisions (Shift+A; `u` is the page's: undo my last action). */
export interface BulkDecisionsHandle {
  approveSelected: () => void;
}

export interface BulkDecisionsProps {
  rows: AttendanceQueueRow[];
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
  /** The queue's filters as the list takes them (for 'Setujui semua risiko rendah'). */
  filters: Record<string, string | number>;
  /** Said to screen readers (aria-live) after each decision. */
  onAnnounce?: (message: string) => void;
  ref?: Ref<BulkDecisionsHandle>;
}

/**
 * The cockpit's bulk decisions: 'Setujui terpilih' (with the placements of the out-of-radius rows),
 * 'Tolak terpilih' (one note), 'Setujui semua risiko rendah' (after a confirm naming the count) and
 * the per-row result. Each is the approver's last action then: the page's banner and `u` undo it.
 */
export function BulkDecisions({ rows, selected, onSelectedChange, filters, onAnnounce, ref }: BulkDecisionsProps) {
  const { access } = useSession();
  const mayApprove = hasFlag(access, 'allow_approved_attendance');
  const mayReject = hasFlag(access, 'allow_rejected_attendance');
  const decide = useDecideMany();
  const [approving, setApproving] = useState(false);
  const [lowRisk, setLowRisk] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [noteProblem, setNoteProblem] = useState('');
  const [result, setResult] = useState<{ outcomes: NamedOutcome[]; decided: number; skipped: number } | null>(null);
  const [running, setRunning] = useState<{ job: string; ids: string[] } | null>(null);
  const queryClient = useQueryClient();
  const selectAll = useRef<HTMLInputElement>(null);
  // Names of every row this screen has shown, for the per-row result (rows leave as they are decided).
  const names = useRef(new Map<string, string>());
  for (const row of rows) names.current.set(row.hash_id, row.employee_name);
  const remember = (seen: ReadonlyArray<{ hash_id: string; employee_name: string }>) => {
    for (const row of seen) names.current.set(row.hash_id, row.employee_name);
  };

  const selectedRows = rows.filter((row) => selected.has(row.hash_id));
  const ids = selectedRows.map((row) => row.hash_id);
  const allChecked = rows.length > 0 && ids.length === rows.length;
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = ids.length > 0 && !allChecked;
  }, [ids.length, allChecked]);

  const report = (response: BulkResult) => {
    const outcomes = response.results.map((outcome: BulkOutcome) => ({
      ...outcome,
      name: names.current.get(outcome.hash_id) ?? outcome.hash_id,
    }));
    setResult({ outcomes, decided: response.decided, skipped: response.skipped });
    onAnnounce?.(t.approvalAttendance.announce.bulk(response.decided, response.skipped));
  };

  const run = (decision: BulkDecision, after?: () => void) => {
    decide.mutate(decision, {
      onSuccess: (response) => {
        if (isJobAnswer(response.data)) {
          setResult(null);
          setRunning({ job: response.data.job, ids: decision.kind === 'undo' ? [] : decision.ids });
        } else {
          report(response.data);
        }
        if (decision.kind === 'approve' || decision.kind === 'reject') onSelectedChange(new Set());
        after?.();
      },
      onError: (error) => {
        if (decision.kind === 'reject' && error instanceof ApiError && error.status === 422) setNoteProblem(error.message);
      },
    });
  };

  const jobFinished = (job: JobRow) => {
    if (running) endOwnDecisions(running.ids);
    setRunning(null);
    const answer = job.result as Partial<BulkResult>;
    if (Array.isArray(answer.results)) report(answer as BulkResult);
    void queryClient.invalidateQueries({ queryKey: approvalAttendanceKeys.all });
  };

  useImperativeHandle(ref, () => ({
    approveSelected: () => {
      if (mayApprove && ids.length > 0) setApproving(true);
    },
  }));

  if (!mayApprove && !mayReject) return null;
  return (
    <div className="d-flex flex-column gap-2 mb-3">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Form.Check
          type="checkbox"
          id="approval-select-page"
          ref={selectAll}
          label={text.selectPage}
          checked={allChecked}
          disabled={rows.length === 0}
          onChange={() => onSelectedChange(allChecked ? new Set() : new Set(rows.map((row) => row.hash_id)))}
        />
        <span className="small text-muted" aria-live="polite">
          {text.selected(ids.length)}
        </span>
        {mayApprove ? (
          <Button
            size="sm"
            variant="success"
            disabled={ids.length === 0 || decide.isPending}
            onClick={() => setApproving(true)}
          >
            {text.approve}
          </Button>
        ) : null}
        {mayReject ? (
          <Button
            size="sm"
            variant="danger"
            disabled={ids.length === 0 || decide.isPending}
            onClick={() => {
              setNoteProblem('');
              setRejecting(true);
            }}
          >
            {text.reject}
          </Button>
        ) : null}
        {mayApprove ? (
          <Button
            size="sm"
            variant="outline-success"
            disabled={decide.isPending}
            onClick={() => setLowRisk(true)}
          >
            <i className="bi bi-shield-check me-1" aria-hidden="true" />
            {t.approvalAttendance.lowRisk.button}
          </Button>
        ) : null}
      </div>
      {running ? <BulkJob key={running.job} jobId={running.job} onFinish={jobFinished} /> : null}
      {result ? (
        <BulkResultPanel
          outcomes={result.outcomes}
          decided={result.decided}
          skipped={result.skipped}
          onClose={() => setResult(null)}
        />
      ) : null}
      <ApproveSelectedDialog
        show={approving}
        rows={selectedRows}
        busy={decide.isPending}
        onCancel={() => setApproving(false)}
        onConfirm={(confirmed, choices, excludeFactors, seen) => {
          remember(seen);
          run({ kind: 'approve', ids: confirmed, choices, excludeFactors, key: confirmKey() }, () => setApproving(false));
        }}
      />
      <LowRiskDialog
        show={lowRisk}
        filters={filters}
        busy={decide.isPending}
        onCancel={() => setLowRisk(false)}
        onConfirm={(confirmed, excludeFactors, seen) => {
          remember(seen);
          run({ kind: 'lowRisk', filters, ids: confirmed, excludeFactors, key: confirmKey() }, () => setLowRisk(false));
        }}
      />
      <Modal show={rejecting} onHide={() => setRejecting(false)} centered aria-labelledby="bulk-reject-title">
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            if (!note.trim()) {
              setNoteProblem(t.attendanceLog.actions.rejectNoteRequired);
              return;
            }
            run({ kind: 'reject', ids, note: note.trim() }, () => {
              setRejecting(false);
              setNote('');
            });
          }}
        >
          <Modal.Header closeButton>
            <Modal.Title as="h2" className="h5" id="bulk-reject-title">
              {text.rejectTitle(ids.length)}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="small text-muted mb-0">{text.rejectHint}</p>
            <RejectNoteField
              controlId="bulk-reject-note"
              value={note}
              problem={noteProblem}
              autoFocus
              onChange={(value) => {
                setNote(value);
                setNoteProblem('');
              }}
            />
            {noteProblem ? (
              <div className="invalid-feedback d-block" role="alert">
                {noteProblem}
              </div>
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setRejecting(false)}>
              {t.attendanceLog.actions.cancel}
            </Button>
            <Button type="submit" variant="danger" disabled={decide.isPending}>
              {t.attendanceLog.actions.reject}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </div>
  );
}
