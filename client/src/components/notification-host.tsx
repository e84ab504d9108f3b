import { useEffect, useRef } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import { id as t } from '@/i18n/id';
import { dismiss, useNotifications, type Notification } from '@/lib/notifications';

function ErrorPopup({ popup }: { popup: Notification }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss(popup.id);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (previous?.isConnected) previous.focus();
    };
  }, [popup.id]);
  return (
    <div className="app-popup-layer">
      <div className="app-popup-backdrop" aria-hidden="true" onClick={() => dismiss(popup.id)} />
      <div
        className="app-popup card shadow-lg border-0"
        role="alertdialog"
        aria-modal="true"
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
          <button
            type="button"
            ref={closeRef}
            className="btn btn-sm btn-outline-secondary"
            onClick={() => dismiss(popup.id)}
          >
            {t.common.close}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The centred error popup over a backdrop (click, Escape or 'Tutup' closes it; so does leaving the
 * page) and the success toasts below the header; each disappears after 3 seconds. The popup takes
 * focus while shown and gives it back when it goes.
 */
export function NotificationHost() {
  const { popup, toasts } = useNotifications();
  return (
    <>
      {popup ? <ErrorPopup key={popup.id} popup={popup} /> : null}
      <div className="app-toast-stack" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast show align-items-center border-0 shadow ${toast.kind === 'info' ? 'app-notice' : 'text-bg-success'}`}
            role="status"
            aria-labelledby={`toast-${toast.id}-message`}
            data-kind={toast.kind}
          >
            <div className="d-flex">
              <div className="toast-body" id={`toast-${toast.id}-message`}>
                <i className={`bi ${toast.kind === 'info' ? 'bi-info-circle' : 'bi-check-circle'} me-2`} aria-hidden="true" />
                {toast.message}
              </div>
              <CloseButton
                variant={toast.kind === 'info' ? undefined : 'white'}
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
