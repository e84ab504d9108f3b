import { useEffect, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { formatDistance } from '@/components/attendance-log/format';
import type { AttendanceQueueRow, PlacementChoice } from '@/components/attendance-log/types';
import { ModalHeading } from '@/components/modal-heading';
import { Skeleton } from '@/components/skeleton';
import { id as t } from '@/i18n/id';
import { useApproveManyPreview, type ApproveManyChoices, type BulkPreviewRow } from '../api/decide-many';
import { useAttendanceLogDetail } from '@/components/attendance-log/detail-query';
import { approvalAttendanceKeys } from '../realtime';
import { changedChoices, effectivePlacement, outOfRadiusRows, placementOptions, placementsForAll } from '../lib/bulk-placements';
import { BulkConfirmBody } from './bulk-confirm';

const text = t.approvalAttendance.confirm;
const placementText = t.attendanceLog.placement;

export function placementLabel(option: PlacementChoice): string {
  return placementText.option(option.name, formatDistance(option.distance_m), option.is_own);
}

/** One out-of-radius row's placement: its suggested one until focused, then the detail's near list. */
function RowPlacement({
  row,
  value,
  extra,
  onChange,
}: {
  row: AttendanceQueueRow;
  value: string;
  extra: { hash_id: string; name: string } | null;
  onChange: (hashId: string) => void;
}) {
  const [wanted, setWanted] = useState(false);
  const detail = useAttendanceLogDetail(wanted ? row.hash_id : null, approvalAttendanceKeys.detail);
  const options = placementOptions(
    row.suggested_man_power ? [row.suggested_man_power] : [],
    detail.data?.near_man_power_list,
  );
  const missing = extra && !options.some((option) => option.hash_id === extra.hash_id) ? extra : null;
  return (
    <Form.Select
      size="sm"
      aria-label={text.placementOf(row.employee_name)}
      value={value}
      onFocus={() => setWanted(true)}
      onPointerDown={() => setWanted(true)}
      onChange={(event) => onChange(event.target.value)}
    >
      {options.length === 0 && !missing ? <option value="">{text.noPlacement}</option> : null}
      {options.map((option) => (
        <option key={option.hash_id} value={option.hash_id}>
          {placementLabel(option)}
        </option>
      ))}
      {missing ? <option value={missing.hash_id}>{missing.name}</option> : null}
    </Form.Select>
  );
}

export interface ApproveSelectedDialogProps {
  show: boolean;
  rows: AttendanceQueueRow[];
  busy: boolean;
  onCancel: () => void;
  /** The ids of the preview the approver saw, the placements chosen and the factors left out. */
  onConfirm: (ids: string[], choices: ApproveManyChoices, excludeFactors: string[], seen: BulkPreviewRow[]) => void;
}

/**
 * The confirm of 'Setujui terpilih': what it approves, from the server's preview of the selection:
 * the breakdown by risk factor with a switch per factor to leave those rows out, the count that will
 * be approved, and every row (virtualised) with the placement an out-of-radius one is approved at
 * (the suggested nearest one by default; changeable per row or for all).
 */
export function ApproveSelectedDialog({ show, rows, busy, onCancel, onConfirm }: ApproveSelectedDialogProps) {
  const [choices, setChoices] = useState<ApproveManyChoices>({ perRow: {}, all: '' });
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const ids = rows.map((row) => row.hash_id);
  const preview = useApproveManyPreview(ids, show && ids.length > 0);
  useEffect(() => {
    if (show) {
      setChoices({ perRow: {}, all: '' });
      setExcluded(new Set());
    }
  }, [show]);
  const outside = outOfRadiusRows(rows);
  const forAll = placementsForAll(rows);
  const allChoice = forAll.find((option) => option.hash_id === choices.all) ?? null;
  const byId = useMemo(() => new Map(rows.map((row) => [row.hash_id, row])), [rows]);
  const names = useMemo(() => {
    const found = new Map(forAll.map((option) => [option.hash_id, option.name]));
    for (const row of rows) if (row.suggested_man_power) found.set(row.suggested_man_power.hash_id, row.suggested_man_power.name);
    return found;
  }, [rows, forAll]);
  const placementOf = (row: BulkPreviewRow) => {
    const queueRow = byId.get(row.hash_id);
    const chosen = queueRow ? effectivePlacement(queueRow, choices) : '';
    const name = names.get(chosen);
    return chosen && name ? { hash_id: chosen, name } : (row.approve_at ?? null);
  };
  const shown = preview.data?.rows ?? [];
  // The confirm takes the focus once there is something to confirm (Shift+A, then Enter).
  const confirmButton = useRef<HTMLButtonElement>(null);
  const loaded = Boolean(preview.data);
  useEffect(() => {
    if (show && loaded) confirmButton.current?.focus();
  }, [show, loaded]);
  const toApprove = shown.filter((row) => !row.factors.some((code) => excluded.has(code))).length;

  return (
    <Modal show={show} onHide={onCancel} size="lg" scrollable aria-labelledby="approve-selected-title">
      <Form
        style={{ display: 'contents' }}
        onSubmit={(event) => {
          event.preventDefault();
          if (!preview.data || toApprove === 0) return;
          onConfirm(
            shown.map((row) => row.hash_id),
            changedChoices(rows, choices),
            [...excluded],
            shown,
          );
        }}
      >
        <ModalHeading id="approve-selected-title">{text.title(rows.length)}</ModalHeading>
        <Modal.Body>
          <p className="mb-2" data-testid="out-of-radius-summary">
            {text.outOfRadius(outside.length)}
          </p>
          {outside.length > 0 ? (
            <Form.Group className="mb-3" controlId="approve-selected-all">
              <Form.Label className="small mb-1">{text.forAll}</Form.Label>
              <Form.Select
                size="sm"
                value={choices.all}
                onChange={(event) => setChoices({ perRow: {}, all: event.target.value })}
              >
                <option value="">{text.eachNearest}</option>
                {forAll.map((option) => (
                  <option key={option.hash_id} value={option.hash_id}>
                    {option.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          ) : null}
          {preview.data ? (
            <BulkConfirmBody
              preview={preview.data}
              excluded={excluded}
              onExcludedChange={setExcluded}
              placementOf={placementOf}
              renderPlacement={(row) => {
                const queueRow = byId.get(row.hash_id);
                if (!queueRow) return null;
                return (
                  <RowPlacement
                    row={queueRow}
                    value={effectivePlacement(queueRow, choices)}
                    extra={allChoice}
                    onChange={(hashId) =>
                      setChoices((current) => ({ ...current, perRow: { ...current.perRow, [row.hash_id]: hashId } }))
                    }
                  />
                );
              }}
            />
          ) : (
            <>
              <span className="visually-hidden">{t.approvalAttendance.bulkConfirm.loading}</span>
              <Skeleton lines={3} />
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel}>
            {t.attendanceLog.actions.cancel}
          </Button>
          <Button ref={confirmButton} type="submit" variant="success" disabled={busy || !preview.data || toApprove === 0}>
            {busy ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
            {text.confirm(toApprove)}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
