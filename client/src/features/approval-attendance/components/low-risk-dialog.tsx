import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { ModalHeading } from '@/components/modal-heading';
import { Skeleton } from '@/components/skeleton';
import { id as t } from '@/i18n/id';
import { LOW_RISK_LIMIT, useLowRiskPreview, type BulkPreviewRow } from '../api/decide-many';
import { idsToApprove } from '../lib/bulk-breakdown';
import { BulkConfirmBody } from './bulk-confirm';

const text = t.approvalAttendance.lowRisk;

/** The count to confirm: the low-risk rows of the current filter (recordsFiltered), at most the limit. */
export function lowRiskLimit(total: number): number {
  return Math.min(Math.max(0, total), LOW_RISK_LIMIT);
}

/**
 * 'Setujui semua risiko rendah': the confirm shows what it approves (the server's preview of the
 * filter: every row, the breakdown by risk factor with a switch per factor to leave those rows out)
 * and approves exactly the rows shown (their ids), less the factors left out.
 */
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
  /** The ids of the rows shown, the factors left out, and those rows (for their names in the result). */
  onConfirm: (ids: string[], excludeFactors: string[], seen: BulkPreviewRow[]) => void;
}) {
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const preview = useLowRiskPreview(filters, show);
  useEffect(() => {
    if (show) setExcluded(new Set());
  }, [show]);
  const rows = preview.data?.rows ?? [];
  const count = idsToApprove(rows, excluded).length;
  const ready = Boolean(preview.data) && !preview.isFetching;
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (show && ready) confirmButton.current?.focus();
  }, [show, ready]);

  return (
    <Modal show={show} onHide={onCancel} size="lg" scrollable aria-labelledby="low-risk-title">
      <ModalHeading id="low-risk-title">{text.title}</ModalHeading>
      <Modal.Body>
        {!ready || !preview.data ? (
          <>
            <span className="visually-hidden">{text.counting}</span>
            <Skeleton lines={2} />
          </>
        ) : rows.length === 0 ? (
          <p className="mb-0">{text.none}</p>
        ) : (
          <>
            <p className="mb-2">{text.question(rows.length)}</p>
            <p className="small text-muted mb-2">{text.outOfRadius}</p>
            <BulkConfirmBody preview={preview.data} excluded={excluded} onExcludedChange={setExcluded} />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t.attendanceLog.actions.cancel}
        </Button>
        {ready && rows.length > 0 ? (
          <Button
            ref={confirmButton}
            variant="success"
            onClick={() => onConfirm(rows.map((row) => row.hash_id), [...excluded], rows)}
            disabled={busy || count === 0}
          >
            {busy ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
            {text.confirm(count)}
          </Button>
        ) : null}
      </Modal.Footer>
    </Modal>
  );
}
