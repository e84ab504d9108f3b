import { useId, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { id as t } from '@/i18n/id';
import { Skeleton } from './skeleton';
import './detail.css';

export type DetailTone = 'warning' | 'success' | 'danger' | 'secondary' | 'primary';

export interface DetailModalProps {
  /** Open while set; the caller clears it on close. */
  show: boolean;
  title: string;
  onClose: () => void;
  /** Colours the header by the record's status (doc2 §2.10: 'a header coloured by status'). */
  tone?: DetailTone;
  /** Right of the title in the header, e.g. the status text. */
  headerExtra?: ReactNode;
  loading?: boolean;
  /** A message shown instead of the body when the record could not be loaded. */
  error?: string | null;
  /** Buttons of the footer, before the close button (e.g. Setujui, Tolak, Undo). */
  actions?: ReactNode;
  /** A close button in the footer with this text (e.g. 'Kembali'); the header's X is always there. */
  closeLabel?: string;
  size?: 'lg' | 'xl';
  children?: ReactNode;
}

/**
 * The one way a record's detail opens from a list: a modal over the list (which keeps its page,
 * filters and scroll), named by its title, with a skeleton while loading, an error message when the
 * load fails, the record's sections (DetailList, tabs, tables) and its actions in the footer. Closing
 * it (X, Escape, the close button, a route change) returns focus to the row that opened it.
 */
export function DetailModal({
  show,
  title,
  onClose,
  tone,
  headerExtra,
  loading = false,
  error,
  actions,
  closeLabel,
  size = 'lg',
  children,
}: DetailModalProps) {
  const titleId = useId();
  const toned = tone ? `text-bg-${tone}` : '';
  return (
    <Modal show={show} onHide={onClose} size={size} aria-labelledby={titleId} scrollable className="detail-modal">
      <Modal.Header
        closeButton
        closeLabel={t.common.close}
        closeVariant={tone && tone !== 'warning' ? 'white' : undefined}
        className={toned}
      >
        <Modal.Title id={titleId} as="h2" className="h5 me-auto">
          {title}
        </Modal.Title>
        {headerExtra ? <span className="detail-modal-header-extra">{headerExtra}</span> : null}
      </Modal.Header>
      {/* Focusable: on a phone the body scrolls, and a keyboard must be able to scroll it. */}
      <Modal.Body tabIndex={0}>
        {error ? <Alert variant="danger">{error}</Alert> : loading ? <Skeleton lines={8} /> : children}
      </Modal.Body>
      {actions || closeLabel ? (
        <Modal.Footer>
          {closeLabel ? (
            <Button variant="outline-secondary" className="me-auto" onClick={onClose}>
              {closeLabel}
            </Button>
          ) : null}
          {actions}
        </Modal.Footer>
      ) : null}
    </Modal>
  );
}
