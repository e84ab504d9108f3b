import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { ModalHeading } from '@/components/modal-heading';
import { StaticTable, type StaticTableColumn } from '@/components/static-table';
import { id as t } from '@/i18n/id';

const text = t.approvalAttendance.keys;

const columns: StaticTableColumn<(typeof text.list)[number]>[] = [
  { key: 'key', header: text.key, cell: ([key]) => <kbd>{key}</kbd> },
  { key: 'action', header: text.action, cell: ([, action]) => action },
];

/** '?': the cockpit's keys. */
export function KeysDialog({ show, onHide, onExited }: { show: boolean; onHide: () => void; onExited?: () => void }) {
  return (
    <Modal
      show={show}
      onHide={onHide}
      onExited={onExited}
      centered
      aria-labelledby="cockpit-keys-title"
      restoreFocus={false}
    >
      <ModalHeading id="cockpit-keys-title">{text.title}</ModalHeading>
      <Modal.Body>
        <p className="small text-muted">{text.intro}</p>
        <StaticTable wrapperClassName={null} className="table table-sm mb-0" columns={columns} rows={text.list} rowKey={([key]) => key} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide} autoFocus>
          {t.common.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
