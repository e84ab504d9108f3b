import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ConfirmPopover } from '@/components/confirm-popover';
import { LoadingStatus } from '@/components/loading-status';
import { ModalHeading } from '@/components/modal-heading';
import { id as t } from '@/i18n/id';
import { applyServerErrors } from './apply-server-errors';
import { GuardedCancelButton, GuardedModal } from './close-guard';
import { Form, FormAlert, FormSubmitButton } from './form';

export type FormModalMode = 'view' | 'edit' | 'add';

/**
 * The record modal of the settings and admin screens (doc3 §2.5, §2.6, §4), in three modes:
 * - view: the record's fields, disabled; footer Hapus (asks 'Hapus data?' with Batal / Hapus) and Ubah;
 * - edit: the same fields editable; footer Batal (back to view, the record's values restored) and Perbarui;
 * - add: the empty form; footer Batal (closes) and Simpan.
 * Enter submits. A successful Simpan / Perbarui / Hapus closes the modal; a failed one keeps every
 * typed value and shows the server's messages on the fields (and the rest above them). With unsaved
 * input, Esc, a click outside, the X and Batal ask before the input is lost (GuardedModal).
 *
 * `values` is the record (view, edit) or the empty form (add). Keep it stable (state, useMemo): a
 * new object, or reopening the modal, resets the form to it.
 */
export interface FormModalProps<Input extends FieldValues, Output> {
  show: boolean;
  mode: FormModalMode;
  onModeChange: (mode: FormModalMode) => void;
  onClose: () => void;
  title: string;
  schema: z.ZodType<Output, Input>;
  values: Input;
  onSubmit: (values: Output, mode: 'add' | 'edit') => Promise<unknown>;
  /** Without it, or with `canDelete` false, view mode has no Hapus. */
  onDelete?: () => Promise<unknown>;
  /** Ubah is shown only when true (e.g. the user's _update flag). */
  canEdit?: boolean;
  canDelete?: boolean;
  /** The delete button and its question (default Hapus / 'Hapus data?'). */
  deleteLabel?: string;
  deleteQuestion?: string;
  /** The record is still loading: a spinner instead of the fields. */
  loading?: boolean;
  size?: 'sm' | 'lg' | 'xl';
  /** The fields; a function receives the mode (e.g. to show a read-only summary in view mode). */
  children: ReactNode | ((mode: FormModalMode) => ReactNode);
}

export function FormModal<Input extends FieldValues, Output>({
  show,
  mode,
  onModeChange,
  onClose,
  title,
  schema,
  values,
  onSubmit,
  onDelete,
  canEdit = true,
  canDelete = true,
  deleteLabel = t.form.delete,
  deleteQuestion = t.form.deleteQuestion,
  loading = false,
  size,
  children,
}: FormModalProps<Input, Output>) {
  const titleId = useId();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: values as DefaultValues<Input>,
  });
  const { reset } = form;
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (show) reset(values);
  }, [show, values, reset]);

  // Ubah moves the keyboard to the first field (the button that had it is gone).
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (mode !== 'edit') return;
    fieldset.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus();
  }, [mode]);

  const submitting = form.formState.isSubmitting;
  const busy = submitting || deleting;
  const close = () => {
    if (!busy) onClose();
  };

  const submit = async (parsed: Output) => {
    if (mode === 'view') return;
    await onSubmit(parsed, mode);
    onClose();
  };

  const remove = async () => {
    if (!onDelete) return;
    setDeleting(true);
    try {
      await onDelete();
      onClose();
    } catch (error) {
      form.clearErrors();
      applyServerErrors(error, form);
    } finally {
      setDeleting(false);
    }
  };

  const cancelEdit = () => {
    reset(values);
    onModeChange('view');
  };

  const showDelete = Boolean(onDelete) && canDelete;
  let footer: ReactNode = null;
  if (mode !== 'view') {
    footer = (
      <>
        <GuardedCancelButton disabled={busy} onCancel={mode === 'edit' ? cancelEdit : close}>
          {t.form.cancel}
        </GuardedCancelButton>
        <FormSubmitButton disabled={loading}>{mode === 'edit' ? t.form.update : t.form.save}</FormSubmitButton>
      </>
    );
  } else if (showDelete || canEdit) {
    footer = (
      <>
        {showDelete ? (
          <ConfirmPopover question={deleteQuestion} confirmLabel={deleteLabel} onConfirm={() => void remove()}>
            {(trigger) => (
              <Button variant="outline-danger" className="me-auto" disabled={busy} aria-busy={deleting} {...trigger}>
                {deleting ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
                {deleteLabel}
              </Button>
            )}
          </ConfirmPopover>
        ) : null}
        {canEdit ? (
          <Button variant="primary" disabled={busy || loading} onClick={() => onModeChange('edit')}>
            {t.form.edit}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <GuardedModal show={show} onHide={close} centered size={size} aria-labelledby={titleId} backdrop={busy ? 'static' : true}>
      <Form form={form} onSubmit={submit}>
        <ModalHeading id={titleId} closeButton={!busy}>{title}</ModalHeading>
        <Modal.Body>
          <FormAlert />
          {loading ? (
            <LoadingStatus>{t.form.loadingDetail}</LoadingStatus>
          ) : (
            <fieldset ref={fieldset} disabled={mode === 'view'} className="border-0 p-0 m-0">
              {typeof children === 'function' ? children(mode) : children}
            </fieldset>
          )}
        </Modal.Body>
        {footer ? <Modal.Footer>{footer}</Modal.Footer> : null}
      </Form>
    </GuardedModal>
  );
}
