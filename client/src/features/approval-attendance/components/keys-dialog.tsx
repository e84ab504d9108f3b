import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { id as t } from '@/i18n/id';

const text = t.approvalAttendance.keys;

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
      <Modal.Header closeButton closeLabel={t.common.close}>
        <Modal.Title as="h2" className="h5" id="cockpit-keys-title">
          {text.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-muted">{text.intro}</p>
        <table className="table table-sm mb-0">
          <thead>
            <tr>
              <th scope="col">{text.key}</th>
              <th scope="col">{text.action}</th>
            </tr>
          </thead>
          <tbody>
            {text.list.map(([key, action]) => (
              <tr key={key}>
                <td>
                  <kbd>{key}</kbd>
                </td>
                <td>{action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide} autoFocus>
          {t.common.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
