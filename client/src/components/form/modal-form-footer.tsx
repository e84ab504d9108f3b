import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { FormSubmitButton } from './form';

/** A form modal's footer: the cancel button (it closes without saving) and the form's submit button. */
export function ModalFormFooter({ cancelLabel, onCancel, submitLabel }: { cancelLabel: string; onCancel: () => void; submitLabel: string }) {
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <FormSubmitButton>{submitLabel}</FormSubmitButton>
    </Modal.Footer>
  );
}
