import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { id as t } from '@/i18n/id';

/**
 * A modal's header: its title as an h2 (the `id` the Modal's aria-labelledby names) and the X
 * 'Tutup' (hidden with `closeButton={false}`, e.g. while a write is running).
 */
export function ModalHeading({ id, closeButton = true, children }: { id: string; closeButton?: boolean; children: ReactNode }) {
  return (
    <Modal.Header closeButton={closeButton} closeLabel={t.common.close}>
      <Modal.Title as="h2" className="h5" id={id}>
        {children}
      </Modal.Title>
    </Modal.Header>
  );
}
