import Modal from 'react-bootstrap/Modal';
import { GuardedCancelButton } from './close-guard';
import { FormSubmitButton } from './form';

/**
 * A form modal's footer: the cancel button (it closes without saving; inside a GuardedModal it asks
 * first while the form holds unsaved input) and the form's submit button.
 */
export function ModalFormFooter({ cancelLabel, onCancel, submitLabel }: { cancelLabel: string; onCancel: () => void; submitLabel: string }) {
  return (
    <Modal.Footer>
      <GuardedCancelButton onCancel={onCancel}>{cancelLabel}</GuardedCancelButton>
      <FormSubmitButton>{submitLabel}</FormSubmitButton>
    </Modal.Footer>
  );
}
