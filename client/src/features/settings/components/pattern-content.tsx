import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmPopover } from '@/components/confirm-popover';
import { id as t } from '@/i18n/id';
import { ApiError } from '@/lib/api-client';
import { showError, showSuccess } from '@/lib/notifications';
import { patternContentQuery, shiftOptionsQuery, shiftPatternApi, topics, type PatternContentRow } from '../api/settings-api';

const text = t.settings.pattern;
const hhmm = (value: string) => value.slice(0, 5);

function ContentRow({
  row,
  editing,
  busy,
  isFirst,
  isLast,
  onMove,
  onRemove,
}: {
  row: PatternContentRow;
  editing: boolean;
  busy: boolean;
  isFirst: boolean;
  isLast: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onRemove: () => void;
}) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const working = row.setting_shift_type === 'working_shift';
  return (
    <li className="list-group-item" aria-label={text.day(row.day_number)}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="badge text-bg-secondary">{text.day(row.day_number)}</span>
        <span className="fw-semibold flex-grow-1">{row.setting_shift_name}</span>
        <span className={`badge ${working ? 'text-bg-success' : 'text-bg-light border'}`}>
          {working ? text.workingDay : text.nonWorkingDay}
        </span>
        <span className="small text-nowrap">
          {hhmm(row.setting_shift_time_in)} - {hhmm(row.setting_shift_time_out)}
        </span>
        <Button
          size="sm"
          variant="link"
          aria-expanded={open}
          aria-controls={detailId}
          aria-label={text.detailOf(row.day_number)}
          onClick={() => setOpen((value) => !value)}
        >
          {text.detail}
          <i className={`bi ${open ? 'bi-chevron-up' : 'bi-chevron-down'} ms-1`} aria-hidden="true" />
        </Button>
        {editing ? (
          <>
            <Button size="sm" variant="outline-secondary" disabled={busy || isFirst} aria-label={text.moveUpOf(row.day_number)} onClick={() => onMove('up')}>
              <i className="bi bi-arrow-up" aria-hidden="true" />
            </Button>
            <Button size="sm" variant="outline-secondary" disabled={busy || isLast} aria-label={text.moveDownOf(row.day_number)} onClick={() => onMove('down')}>
              <i className="bi bi-arrow-down" aria-hidden="true" />
            </Button>
            <ConfirmPopover question={text.removeQuestion} confirmLabel={t.form.delete} onConfirm={onRemove}>
              {(trigger) => (
                <Button size="sm" variant="outline-danger" disabled={busy} aria-label={text.removeOf(row.day_number)} {...trigger}>
                  <i className="bi bi-trash" aria-hidden="true" />
                </Button>
              )}
            </ConfirmPopover>
          </>
        ) : null}
      </div>
      {open ? (
        <dl id={detailId} className="row small mb-0 mt-2">
          <dt className="col-sm-5">{text.shiftCode}</dt>
          <dd className="col-sm-7">{row.setting_shift_code}</dd>
          <dt className="col-sm-5">{t.settings.shift.checkInStart}</dt>
          <dd className="col-sm-7">{hhmm(row.setting_shift_check_in_start)}</dd>
          <dt className="col-sm-5">{text.lateIn}</dt>
          <dd className="col-sm-7">{t.settings.minutes(row.setting_shift_late_in)}</dd>
          <dt className="col-sm-5">{text.earlyOut}</dt>
          <dd className="col-sm-7">{t.settings.minutes(row.setting_shift_early_out)}</dd>
        </dl>
      ) : null}
    </li>
  );
}

/**
 * The cycle of a pattern (doc3 §2.5, §4): one row per day with its shift, 'Hari Kerja' or 'Bukan
 * Hari Kerja' and the times, a Detail toggle; while editing, rows move up or down or go, and a shift
 * is added to the next day until the cycle is full.
 */
export function PatternContent({ hashId, cycle, editing }: { hashId: string; cycle: number; editing: boolean }) {
  const queryClient = useQueryClient();
  const content = useQuery(patternContentQuery(hashId));
  const shifts = useQuery({ ...shiftOptionsQuery, enabled: editing });
  const [shift, setShift] = useState('');
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const rows = content.data ?? [];
  const full = rows.length >= cycle;

  const run = async (action: () => Promise<{ message: string; data: PatternContentRow[] | null }>, toast = false) => {
    setBusy(true);
    try {
      const { message, data } = await action();
      if (data) queryClient.setQueryData(patternContentQuery(hashId).queryKey, data);
      if (toast && message) showSuccess(message);
      await queryClient.invalidateQueries({ queryKey: [topics.shiftPattern] });
    } catch (error) {
      showError(error instanceof ApiError ? error.message : t.errors.generic);
    } finally {
      setBusy(false);
    }
  };

  if (content.isPending) {
    return (
      <div className="text-center py-3" role="status">
        <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        {t.form.loadingDetail}
      </div>
    );
  }
  if (content.isError) {
    return (
      <p className="text-danger" role="alert">
        {content.error instanceof ApiError ? content.error.message : t.errors.generic}
      </p>
    );
  }
  return (
    <section aria-label={text.content}>
      <h3 className="h6 mt-3">{text.content}</h3>
      {rows.length === 0 ? <p className="text-muted small">{text.contentEmpty}</p> : null}
      <ul className="list-group mb-2">
        {rows.map((row) => (
          <ContentRow
            key={row.hash_id}
            row={row}
            editing={editing}
            busy={busy}
            isFirst={row.day_number <= 1}
            isLast={row.day_number >= cycle}
            onMove={(direction) => void run(() => shiftPatternApi.moveContent(row.hash_id, direction))}
            onRemove={() => void run(() => shiftPatternApi.removeContent(row.hash_id))}
          />
        ))}
      </ul>
      {rows.length > 0 && rows.length < cycle ? <p className="small text-muted">{text.offDaysHint}</p> : null}
      {editing ? (
        full ? (
          <p className="small text-warning-emphasis" role="status">
            {text.full}
          </p>
        ) : (
          <div className="d-flex flex-wrap align-items-end gap-2 mt-2">
            <div className="flex-grow-1">
              <label className="form-label" htmlFor={selectId}>
                {text.chooseShift}
              </label>
              <select id={selectId} className="form-select" value={shift} onChange={(event) => setShift(event.target.value)}>
                <option value="">{t.form.chooseOption}</option>
                {(shifts.data?.rows ?? []).map((option) => (
                  <option key={option.hash_id} value={option.hash_id}>
                    {option.code} - {option.name}
                  </option>
                ))}
              </select>
            </div>
            <Button
              variant="primary"
              disabled={busy || !shift || full}
              onClick={() =>
                void run(async () => {
                  const result = await shiftPatternApi.addContent(hashId, shift);
                  setShift('');
                  return result;
                }, true)
              }
            >
              {text.addShift}
            </Button>
          </div>
        )
      ) : null}
    </section>
  );
}
