import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmPopover } from '@/components/confirm-popover';
import { ModalHeading } from '@/components/modal-heading';
import { id as t } from '@/i18n/id';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { showError, showSuccess } from '@/lib/notifications';
import { holidayApi, holidayYearQuery, topics, type HolidayInput, type HolidayItem } from '../api/settings-api';
import type { CrudFlags } from './use-crud-flags';
import { HolidayForm } from './holiday-form';

const text = t.settings.holiday;

/** The years a new year may be picked from: last year to five years ahead. */
export function selectableYears(today = new Date()): number[] {
  const current = today.getFullYear();
  return Array.from({ length: 7 }, (_, index) => current - 1 + index);
}

function collectiveText(holiday: HolidayItem): string {
  const dates = holiday.leave.filter((flag) => flag.value === 1).map((flag) => formatDate(flag.label));
  return dates.length > 0 ? dates.join(', ') : text.none;
}

type Editing = { kind: 'new' } | { kind: 'edit'; hashId: string } | null;

/**
 * The holidays of one year (doc3 §2.5, §4): a year picker for a new year, the list with 'X sampai Y'
 * and its collective-leave dates, '+ Tambah hari libur', inline edit of one holiday at a time, delete,
 * 'Duplikat hari libur dari tahun lalu' and the yearly Hapus. Closing forgets the year and the form.
 */
export function HolidayYearModal({
  show,
  initialYear,
  flags,
  onClose,
}: {
  show: boolean;
  /** null: a new year, chosen in the modal. */
  initialYear: number | null;
  flags: CrudFlags;
  onClose: () => void;
}) {
  const titleId = useId();
  const yearId = useId();
  const queryClient = useQueryClient();
  const [pickedYear, setPickedYear] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const year = initialYear ?? pickedYear;
  const detail = useQuery({ ...holidayYearQuery(year ?? 0), enabled: show && year !== null });
  const holidays = detail.data?.holidays ?? [];

  const close = () => {
    setPickedYear(null);
    setEditing(null);
    onClose();
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: [topics.holiday] });
  const run = async (action: () => Promise<{ message: string }>, after?: () => void) => {
    setBusy(true);
    try {
      const { message } = await action();
      if (message) showSuccess(message);
      await refresh();
      after?.();
    } catch (error) {
      showError(error instanceof ApiError ? error.message : t.errors.generic);
    } finally {
      setBusy(false);
    }
  };
  const save = async (hashId: string, input: HolidayInput) => {
    if (year === null) return;
    const { message } = await holidayApi.save(year, hashId, input);
    if (message) showSuccess(message);
    setEditing(null);
    await refresh();
  };

  return (
    <Modal show={show} onHide={close} centered size="lg" aria-labelledby={titleId} backdrop={busy ? 'static' : true}>
      <ModalHeading id={titleId}>{year !== null ? text.yearOf(year) : text.modal}</ModalHeading>
      <Modal.Body>
        {initialYear === null ? (
          <div className="mb-3">
            <label className="form-label" htmlFor={yearId}>
              {text.year}
            </label>
            <select
              id={yearId}
              className="form-select"
              value={pickedYear ?? ''}
              onChange={(event) => {
                setEditing(null);
                setPickedYear(event.target.value ? Number(event.target.value) : null);
              }}
            >
              <option value="">{text.chooseYear}</option>
              {selectableYears().map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        ) : null}

        {year !== null ? (
          <>
            <div className="d-flex flex-wrap gap-2 mb-3">
              {flags.create && detail.data && holidays.length === 0 ? (
                <Button variant="outline-primary" size="sm" disabled={busy} onClick={() => void run(() => holidayApi.duplicate(year))}>
                  <i className="bi bi-copy me-1" aria-hidden="true" />
                  {text.duplicate}
                </Button>
              ) : null}
              {flags.create ? (
                <Button
                  variant="primary"
                  size="sm"
                  disabled={busy}
                  aria-expanded={editing?.kind === 'new'}
                  onClick={() => setEditing((current) => (current?.kind === 'new' ? null : { kind: 'new' }))}
                >
                  {text.add}
                </Button>
              ) : null}
            </div>

            {editing?.kind === 'new' ? (
              <HolidayForm year={year} holiday={null} onSave={(input) => save('', input)} onCancel={() => setEditing(null)} />
            ) : null}

            {detail.isPending ? (
              <div className="text-center py-3" role="status">
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                {t.form.loadingDetail}
              </div>
            ) : detail.isError ? (
              <p className="text-danger" role="alert">
                {detail.error instanceof ApiError ? detail.error.message : t.errors.generic}
              </p>
            ) : holidays.length === 0 ? (
              <p className="text-muted">{text.empty}</p>
            ) : (
              <ul className="list-group" aria-label={text.list}>
                {holidays.map((holiday) =>
                  editing?.kind === 'edit' && editing.hashId === holiday.hash_id ? (
                    <li className="list-group-item" key={holiday.hash_id}>
                      <HolidayForm
                        year={year}
                        holiday={holiday}
                        onSave={(input) => save(holiday.hash_id, input)}
                        onCancel={() => setEditing(null)}
                      />
                    </li>
                  ) : (
                    <li className="list-group-item d-flex flex-wrap gap-2 align-items-start" key={holiday.hash_id} aria-label={holiday.name}>
                      <div className="flex-grow-1">
                        <div className="fw-semibold">{holiday.name}</div>
                        <div className="small">{text.range(formatDate(holiday.date[0]), formatDate(holiday.date[1]))}</div>
                        <div className="small text-muted">
                          {text.collectiveLeave} {collectiveText(holiday)}
                        </div>
                      </div>
                      {flags.update ? (
                        <Button
                          size="sm"
                          variant="outline-primary"
                          disabled={busy || editing !== null}
                          aria-label={text.editOf(holiday.name)}
                          onClick={() => setEditing({ kind: 'edit', hashId: holiday.hash_id })}
                        >
                          {t.form.edit}
                        </Button>
                      ) : null}
                      {flags.delete ? (
                        <ConfirmPopover
                          question={text.removeQuestion}
                          confirmLabel={t.form.delete}
                          onConfirm={() => void run(() => holidayApi.remove(holiday.hash_id))}
                        >
                          {(trigger) => (
                            <Button
                              size="sm"
                              variant="outline-danger"
                              disabled={busy}
                              aria-label={text.removeOf(holiday.name)}
                              {...trigger}
                            >
                              {t.form.delete}
                            </Button>
                          )}
                        </ConfirmPopover>
                      ) : null}
                    </li>
                  ),
                )}
              </ul>
            )}
          </>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        {year !== null && flags.delete && holidays.length > 0 ? (
          <ConfirmPopover
            question={text.removeYearQuestion}
            confirmLabel={t.form.delete}
            onConfirm={() => void run(() => holidayApi.removeYear(year), close)}
          >
            {(trigger) => (
              <Button variant="outline-danger" className="me-auto" disabled={busy} {...trigger}>
                {text.removeYear}
              </Button>
            )}
          </ConfirmPopover>
        ) : null}
        <Button variant="outline-secondary" onClick={close} disabled={busy}>
          {text.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
