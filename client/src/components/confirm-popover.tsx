import { useId, useRef, useState, type ReactElement } from 'react';
import Button from 'react-bootstrap/Button';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import { id as t } from '@/i18n/id';

export interface ConfirmPopoverProps {
  /** Question shown in the popover, e.g. 'Hapus data?'. */
  question: string;
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: string;
  onConfirm: () => void;
  /** Renders the trigger; spread the given props on a button. */
  children: (trigger: {
    ref: (element: HTMLElement | null) => void;
    onClick: () => void;
    'aria-expanded': boolean;
    'aria-controls': string;
  }) => ReactElement;
}

/** A small confirm step next to the button that asked for it (Batal / confirm). */
export function ConfirmPopover({
  question,
  confirmLabel,
  cancelLabel = t.common.cancel,
  confirmVariant = 'danger',
  onConfirm,
  children,
}: ConfirmPopoverProps) {
  const id = useId();
  const [show, setShow] = useState(false);
  const target = useRef<HTMLElement | null>(null);
  return (
    <>
      {children({
        ref: (element) => {
          target.current = element;
        },
        onClick: () => setShow((value) => !value),
        'aria-expanded': show,
        'aria-controls': id,
      })}
      <Overlay target={target.current} show={show} placement="top" rootClose onHide={() => setShow(false)}>
        <Popover id={id}>
          <Popover.Body>
            <p className="mb-2">{question}</p>
            <div className="d-flex gap-2 justify-content-end">
              <Button size="sm" variant="outline-secondary" onClick={() => setShow(false)}>
                {cancelLabel}
              </Button>
              <Button
                size="sm"
                variant={confirmVariant}
                onClick={() => {
                  setShow(false);
                  onConfirm();
                }}
              >
                {confirmLabel}
              </Button>
            </div>
          </Popover.Body>
        </Popover>
      </Overlay>
    </>
  );
}
