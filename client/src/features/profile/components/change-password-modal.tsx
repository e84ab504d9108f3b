import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Modal from 'react-bootstrap/Modal';
import { z } from 'zod';
import { Form, GuardedModal, PASSWORD_MIN_LENGTH, PasswordField } from '@/components/form';
import { ModalFormFooter } from '@/components/form/modal-form-footer';
import { ModalHeading } from '@/components/modal-heading';
import { id as t } from '@/i18n/id';
import { showSuccess } from '@/lib/notifications';
import { changePassword } from '../api/change-password';

/**
 * 'Ubah Kata Sandi' from the header's user menu. The app shell loads this module lazily (React.lazy)
 * on first open, so zod and react-hook-form stay out of the first bundle.
 */

const required = z.string().min(1, t.validation.kataSandiRequired);
const schema = z
  .object({
    oldPassword: required,
    // doc1 §9: at least 6 characters, checked here before the server checks it again.
    newPassword: required.min(PASSWORD_MIN_LENGTH, t.validation.kataSandiMin),
    repeat: required,
  })
  .refine((values) => !values.repeat || values.repeat === values.newPassword, {
    path: ['repeat'],
    message: t.validation.kataSandiMismatch,
  });

type Values = z.infer<typeof schema>;
const empty: Values = { oldPassword: '', newPassword: '', repeat: '' };

export interface ChangePasswordModalProps {
  show: boolean;
  onClose: () => void;
}

export function ChangePasswordModal({ show, onClose }: ChangePasswordModalProps) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: empty });
  const { reset } = form;

  useEffect(() => {
    if (!show) reset(empty);
  }, [show, reset]);

  const submit = async (values: Values) => {
    const response = await changePassword({
      old_password: values.oldPassword,
      new_password: values.newPassword,
      confirm_new_password: values.repeat,
    });
    if (response.message) showSuccess(response.message);
    onClose();
  };

  const c = t.profile.changePassword;
  return (
    <GuardedModal show={show} onHide={onClose} centered aria-labelledby="change-password-title">
      <Form
        form={form}
        onSubmit={submit}
        serverErrors={{ fieldMap: { old_password: 'oldPassword', new_password: 'newPassword', confirm_new_password: 'repeat' } }}
      >
        <ModalHeading id="change-password-title">{c.title}</ModalHeading>
        <Modal.Body>
          <PasswordField<Values> name="oldPassword" label={c.oldLabel} autoComplete="current-password" autoFocus />
          <PasswordField<Values> name="newPassword" label={c.newLabel} autoComplete="new-password" hint={c.newHint} />
          <PasswordField<Values> name="repeat" label={c.repeatLabel} autoComplete="new-password" className="mb-0" />
        </Modal.Body>
        <ModalFormFooter cancelLabel={c.cancel} onCancel={onClose} submitLabel={c.submit} />
      </Form>
    </GuardedModal>
  );
}
