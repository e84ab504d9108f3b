import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { z } from 'zod';
import { PasswordInput } from '@/components/password-input';
import { SubmitButton } from '@/components/submit-button';
import { id as t } from '@/i18n/id';
import { showSuccess } from '@/lib/notifications';
import { useChangePassword } from '../api/change-password';

const required = z.string().min(1, t.validation.kataSandiRequired);
const schema = z
  .object({ oldPassword: required, newPassword: required, repeat: required })
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
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: empty });

  useEffect(() => {
    if (!show) reset(empty);
  }, [show, reset]);

  const onSubmit = handleSubmit((values) => {
    change.mutate(
      { old_password: values.oldPassword, new_password: values.newPassword, confirm_new_password: values.repeat },
      {
        onSuccess: (response) => {
          if (response.message) showSuccess(response.message);
          onClose();
        },
      },
    );
  });

  const c = t.profile.changePassword;
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="change-password-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel={t.common.close}>
          <Modal.Title as="h2" className="h5" id="change-password-title">
            {c.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <PasswordInput
            label={c.oldLabel}
            autoComplete="current-password"
            autoFocus
            error={errors.oldPassword?.message}
            {...register('oldPassword')}
          />
          <PasswordInput
            label={c.newLabel}
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <PasswordInput
            label={c.repeatLabel}
            autoComplete="new-password"
            className="mb-0"
            error={errors.repeat?.message}
            {...register('repeat')}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {c.cancel}
          </Button>
          <SubmitButton loading={change.isPending}>{c.submit}</SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
