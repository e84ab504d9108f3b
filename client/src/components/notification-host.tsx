import CloseButton from 'react-bootstrap/CloseButton';
import { id as t } from '@/i18n/id';
import { dismiss, useNotifications } from '@/lib/notifications';

/** The centred error popup and the top-right success toasts; each disappears after 3 seconds. */
export function NotificationHost() {
  const { popup, toasts } = useNotifications();
  return (
    <>
      {popup ? (
        <div className="app-popup-layer" key={popup.id}>
          <div
            className="app-popup card shadow-lg border-0"
            role="alertdialog"
            aria-modal="false"
            aria-labelledby={`popup-${popup.id}-message`}
          >
            <div className="card-body text-center p-4">
              <div className="app-popup-icon text-danger mb-2" aria-hidden="true">
                <i className="bi bi-x-circle" />
              </div>
              <h2 className="h6 text-danger mb-2">{t.notifications.errorTitle}</h2>
              <p className="mb-3" id={`popup-${popup.id}-message`}>
                {popup.message}
              </p>
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => dismiss(popup.id)}>
                {t.common.close}
              </button>
            </div>
          </div>
        </div>
      ) : null}
      <div className="app-toast-stack" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className="toast show align-items-center text-bg-success border-0 shadow"
            role="status"
            aria-labelledby={`toast-${toast.id}-message`}
          >
            <div className="d-flex">
              <div className="toast-body" id={`toast-${toast.id}-message`}>
                <i className="bi bi-check-circle me-2" aria-hidden="true" />
                {toast.message}
              </div>
              <CloseButton
                variant="white"
                className="me-2 m-auto"
                aria-label={t.common.close}
                onClick={() => dismiss(toast.id)}
              />
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
