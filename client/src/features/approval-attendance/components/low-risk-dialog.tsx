import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { ModalHeading } from '@/components/modal-heading';
import { Skeleton } from '@/components/skeleton';
import { id as t } from '@/i18n/id';
import { LOW_RISK_LIMIT } from '../api/decide-many';
import { getApprovalQueue } from '../api/get-approval-queue';
import { approvalAttendanceKeys } from '../realtime';

const text = t.approvalAttendance.lowRisk;

/** The count to confirm: the low-risk rows of the current filter (recordsFiltered), at most the limit. */
export function lowRiskLimit(total: number): number {
  return Math.min(Math.max(0, total), LOW_RISK_LIMIT);
}

/** 'Setujui semua risiko rendah': the confirm names how many low-risk rows of the filter it approves. */
export function LowRiskDialog({
  show,
  filters,
  busy,
  onCancel,
  onConfirm,
}: {
  show: boolean;
  filters: Record<string, string | number>;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (limit: number) => void;
}) {
  const params = { ...filters, status: 'waiting_approval', risk: 'low', page: 1, per_page: 10 };
  const count = useQuery({
    queryKey: [...approvalAttendanceKeys.all, 'low-risk-count', params],
    queryFn: ({ signal }) => getApprovalQueue(params, signal),
    enabled: show,
    staleTime: 0,
    gcTime: 0,
  });
  const total = count.data?.total ?? 0;
  const limit = lowRiskLimit(total);
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="low-risk-title">
      <ModalHeading id="low-risk-title">{text.title}</ModalHeading>
      <Modal.Body>
        {count.isPending || count.isFetching ? (
          <>
            <span className="visually-hidden">{text.counting}</span>
            <Skeleton lines={2} />
          </>
        ) : limit === 0 ? (
          <p className="mb-0">{text.none}</p>
        ) : (
          <>
            <p className="mb-2">{text.question(limit)}</p>
            {total > LOW_RISK_LIMIT ? <p className="small mb-2">{text.capped(LOW_RISK_LIMIT)}</p> : null}
            <p className="small text-muted mb-0">{text.outOfRadius}</p>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t.attendanceLog.actions.cancel}
        </Button>
        {limit > 0 && !count.isFetching ? (
          <Button variant="success" onClick={() => onConfirm(limit)} disabled={busy} autoFocus>
            {busy ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
            {text.confirm(limit)}
          </Button>
        ) : null}
      </Modal.Footer>
    </Modal>
  );
}
