import { useEffect, useId, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Modal from 'react-bootstrap/Modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ConfirmPopover } from '@/components/confirm-popover';
import { DateField, Form, FormAlert, FormSubmitButton, GuardedCancelButton, GuardedModal, TextField, applyServerErrors, requiredDate, requiredText } from '@/components/form';
import { LoadingStatus } from '@/components/loading-status';
import { ModalHeading } from '@/components/modal-heading';
import { id as t } from '@/i18n/id';
import { ApiError } from '@/lib/api-client';
import { showError, showSuccess } from '@/lib/notifications';
import { patternDetailQuery, shiftPatternApi, topics, type ShiftPatternDetail } from '../api/settings-api';
import { DigitsField } from './digits-field';
import { PatternContent } from './pattern-content';
import type { CrudFlags } from './use-crud-flags';

const text = t.settings.pattern;
const m = text.messages;

const schema = z.object({
  code: z.string().trim().max(32),
  name: requiredText(m.name, { max: 150 }),
  starting_date: requiredDate(m.date),
  day_circle_number: z
    .string()
    .min(1, m.cycle)
    .transform(Number)
    .refine((value) => value >= 1 && value <= 366, m.cycleRange),
});
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const empty: Values = { code: '', name: '', starting_date: '', day_circle_number: '' };
const valuesOf = (detail: ShiftPatternDetail | undefined): Values =>
  detail
    ? { code: detail.code, name: detail.name, starting_date: detail.starting_date, day_circle_number: String(detail.day_circle_number) }
    : empty;

/** add → (saved) fill the cycle; an existing pattern: view, then Ubah → pattern fields or its cycle. */
type Stage = 'add' | 'fill' | 'view' | 'edit' | 'content';

/**
 * The pattern modal (doc3 §2.5, §4): a new pattern is saved first, then shifts are added to its
 * cycle and the final Simpan says 'Pola kerja baru berhasil disimpan.'; an existing one is viewed with
 * its cycle, and Ubah asks whether to edit the 'Pola kerja' fields or the 'Jam kerja' of the cycle.
 */
export function PatternModal({
  show,
  initialHashId,
  flags,
  onClose,
}: {
  show: boolean;
  /** null: a new pattern. */
  initialHashId: string | null;
  flags: CrudFlags;
  onClose: () => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [hashId, setHashId] = useState<string | null>(initialHashId);
  const [stage, setStage] = useState<Stage>(initialHashId ? 'view' : 'add');
  const [deleting, setDeleting] = useState(false);
  const detail = useQuery({ ...patternDetailQuery(hashId ?? ''), enabled: show && hashId !== null });
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(schema), defaultValues: empty });
  const values = useMemo(() => valuesOf(detail.data), [detail.data]);
  const { reset } = form;

  useEffect(() => {
    if (!show) return;
    setHashId(initialHashId);
    setStage(initialHashId ? 'view' : 'add');
  }, [show, initialHashId]);

  useEffect(() => {
    if (stage !== 'add' && stage !== 'edit') reset(values);
  }, [stage, values, reset]);
  useEffect(() => {
    if (show && stage === 'add') reset(empty);
  }, [show, stage, reset]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: [topics.shiftPattern] });
  const busy = form.formState.isSubmitting || deleting;
  const close = () => {
    if (!busy) onClose();
  };

  const submit = async (parsed: Output) => {
    const input = { ...parsed, type: detail.data?.type ?? 'fix' };
    if (stage === 'add') {
      const { data } = await shiftPatternApi.create(input);
      queryClient.setQueryData(patternDetailQuery(data.id).queryKey, data);
      setHashId(data.id);
      setStage('fill');
      await refresh();
      return;
    }
    if (stage === 'edit' && hashId) {
      if (detail.data && parsed.day_circle_number < detail.data.content_total) {
        form.setError('day_circle_number', { type: 'cycle', message: m.cycleShort }, { shouldFocus: true });
        return;
      }
      const { message } = await shiftPatternApi.update(hashId, input);
      if (message) showSuccess(message);
      await refresh();
      onClose();
    }
  };

  const remove = async () => {
    if (!hashId) return;
    setDeleting(true);
    try {
      const { message } = await shiftPatternApi.remove(hashId);
      if (message) showSuccess(message);
      onClose();
      // The deleted pattern's own queries go rather than refetch (they would only answer 404).
      queryClient.removeQueries({ queryKey: patternDetailQuery(hashId).queryKey });
      queryClient.removeQueries({ queryKey: [topics.shiftPattern, 'content', hashId] });
      await refresh();
    } catch (error) {
      form.clearErrors();
      applyServerErrors(error, form);
      if (!(error instanceof ApiError)) showError(t.errors.generic);
    } finally {
      setDeleting(false);
    }
  };

  const fieldsDisabled = stage !== 'add' && stage !== 'edit';
  const loading = hashId !== null && detail.isPending;
  const cycle = detail.data?.day_circle_number ?? 0;

  let footer = null;
  if (stage === 'add' || stage === 'edit') {
    footer = (
      <>
        <GuardedCancelButton
          disabled={busy}
          onCancel={() => {
            if (stage === 'edit') {
              reset(values);
              setStage('view');
            } else close();
          }}
        >
          {t.form.cancel}
        </GuardedCancelButton>
        <FormSubmitButton disabled={loading}>{stage === 'edit' ? t.form.update : t.form.save}</FormSubmitButton>
      </>
    );
  } else if (stage === 'fill') {
    footer = (
      <Button
        variant="primary"
        onClick={() => {
          showSuccess(text.saved);
          onClose();
        }}
      >
        {t.form.save}
      </Button>
    );
  } else if (stage === 'content') {
    footer = (
      <Button variant="primary" onClick={() => setStage('view')}>
        {text.done}
      </Button>
    );
  } else if (flags.delete || flags.update) {
    footer = (
      <>
        {flags.delete ? (
          <ConfirmPopover question={t.form.deleteQuestion} confirmLabel={t.form.delete} onConfirm={() => void remove()}>
            {(trigger) => (
              <Button variant="outline-danger" className="me-auto" disabled={busy || loading} aria-busy={deleting} {...trigger}>
                {t.form.delete}
              </Button>
            )}
          </ConfirmPopover>
        ) : null}
        {flags.update ? (
          <Dropdown drop="up" align="end">
            <Dropdown.Toggle variant="primary" disabled={busy || loading}>
              {t.form.edit}
            </Dropdown.Toggle>
            <Dropdown.Menu aria-label={text.editWhich}>
              <Dropdown.Item as="button" type="button" onClick={() => setStage('edit')}>
                {text.editPattern}
              </Dropdown.Item>
              <Dropdown.Item as="button" type="button" onClick={() => setStage('content')}>
                {text.editContent}
              </Dropdown.Item>
            </Dropdown.Menu>
          </Dropdown>
        ) : null}
      </>
    );
  }

  return (
    <GuardedModal show={show} onHide={close} centered size="lg" aria-labelledby={titleId} backdrop={busy ? 'static' : true}>
      <Form form={form} onSubmit={submit}>
        <ModalHeading id={titleId} closeButton={!busy}>{text.modal}</ModalHeading>
        <Modal.Body>
          <FormAlert />
          {loading ? (
            <LoadingStatus>{t.form.loadingDetail}</LoadingStatus>
          ) : (
            <>
              <fieldset disabled={fieldsDisabled} className="border-0 p-0 m-0">
                <div className="row g-2">
                  <TextField<Values>
                    name="code"
                    label={text.code}
                    hint={stage === 'add' ? text.codeHint : undefined}
                    maxLength={32}
                    className="col-sm-4 mb-3"
                  />
                  <DigitsField<Values> name="day_circle_number" label={text.cycle} required className="col-sm-4 mb-3" />
                  <DateField<Values> name="starting_date" label={text.startingDate} required className="col-sm-4 mb-3" />
                </div>
                <TextField<Values> name="name" label={text.name} required maxLength={150} autoFocus />
              </fieldset>
              {detail.data && stage !== 'add' ? (
                <>
                  <p className="small text-muted mb-0">{text.employees(detail.data.employee_total)}</p>
                  <PatternContent hashId={detail.data.id} cycle={cycle} editing={stage === 'fill' || stage === 'content'} />
                </>
              ) : null}
            </>
          )}
        </Modal.Body>
        {footer ? <Modal.Footer>{footer}</Modal.Footer> : null}
      </Form>
    </GuardedModal>
  );
}
