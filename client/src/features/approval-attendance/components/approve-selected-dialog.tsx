import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { formatDistance } from '@/components/attendance-log/format';
import type { AttendanceQueueRow, PlacementChoice } from '@/components/attendance-log/types';
import { ModalHeading } from '@/components/modal-heading';
import { StaticTable } from '@/components/static-table';
import { id as t } from '@/i18n/id';
import type { ApproveManyChoices } from '../api/decide-many';
import { useAttendanceLogDetail } from '@/components/attendance-log/detail-query';
import { approvalAttendanceKeys } from '../realtime';
import { changedChoices, effectivePlacement, outOfRadiusRows, placementOptions, placementsForAll } from '../lib/bulk-placements';

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
  onConfirm: (choices: ApproveManyChoices) => void;
}

/**
 * The confirm of 'Setujui terpilih': how many are out of radius and, per row, the placement each will
 * be approved at (the suggested nearest one by default; changeable per row or for all).
 */
export function ApproveSelectedDialog({ show, rows, busy, onCancel, onConfirm }: ApproveSelectedDialogProps) {
  const [choices, setChoices] = useState<ApproveManyChoices>({ perRow: {}, all: '' });
  useEffect(() => {
    if (show) setChoices({ perRow: {}, all: '' });
  }, [show]);
  const outside = outOfRadiusRows(rows);
  const forAll = placementsForAll(rows);
  const allChoice = forAll.find((option) => option.hash_id === choices.all) ?? null;

  return (
    <Modal show={show} onHide={onCancel} size="lg" scrollable aria-labelledby="approve-selected-title">
      <Form
        style={{ display: 'contents' }}
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(changedChoices(rows, choices));
        }}
      >
        <ModalHeading id="approve-selected-title">{text.title(rows.length)}</ModalHeading>
        <Modal.Body>
          <p className="mb-2" data-testid="out-of-radius-summary">
            {text.outOfRadius(outside.length)}
          </p>
          {outside.length > 0 ? (
            <>
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
              <StaticTable
                className="table table-sm align-middle mb-0"
                rows={outside}
                rowKey={(row) => row.hash_id}
                columns={[
                  {
                    key: 'employee',
                    header: text.employee,
                    cell: (row) => (
                      <>
                        <span className="d-block">{row.employee_name}</span>
                        <span className="small text-muted">{row.log_datetime}</span>
                      </>
                    ),
                  },
                  {
                    key: 'placement',
                    header: text.placement,
                    cell: (row) => (
                      <RowPlacement
                        row={row}
                        value={effectivePlacement(row, choices)}
                        extra={allChoice}
                        onChange={(hashId) =>
                          setChoices((current) => ({ ...current, perRow: { ...current.perRow, [row.hash_id]: hashId } }))
                        }
                      />
                    ),
                  },
                ]}
              />
            </>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel}>
            {t.attendanceLog.actions.cancel}
          </Button>
          <Button type="submit" variant="success" disabled={busy || rows.length === 0} autoFocus>
            {busy ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
            {text.confirm(rows.length)}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
