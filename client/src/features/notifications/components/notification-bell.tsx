import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import { Link } from 'react-router';
import { LoadingStatus } from '@/components/loading-status';
import { RetryAlert } from '@/components/retry-alert';
import { notificationsText as text } from '@/i18n/notifications.id';
import { formatTableDateTime } from '@/lib/dates';
import { formatCount } from '@/lib/format';
import { useTopic } from '@/lib/realtime';
import {
  NOTIFICATIONS_TOPIC,
  useMarkRead,
  useNotificationPanel,
  useUnreadCount,
  type NotificationRow,
} from '../api/notifications';
import {
  disableBrowserNotifications,
  enableBrowserNotifications,
  useBrowserNotificationState,
} from '../browser';
import { useQueueAutoRead } from '../use-queue-auto-read';
import './notification-bell.css';

function BrowserConsent() {
  const state = useBrowserNotificationState();
  if (state === 'unsupported') return <p className="small text-muted mb-0">{text.browser.unsupported}</p>;
  if (state === 'denied') return <p className="small text-muted mb-0">{text.browser.denied}</p>;
  if (state === 'on') {
    return (
      <div className="small">
        <p className="text-muted mb-1">{text.browser.enabled}</p>
        <Button size="sm" variant="link" className="p-0" onClick={disableBrowserNotifications}>
          {text.browser.disable}
        </Button>
      </div>
    );
  }
  return (
    <Button size="sm" variant="outline-primary" onClick={() => void enableBrowserNotifications()}>
      <i className="bi bi-bell me-1" aria-hidden="true" />
      {text.browser.enable}
    </Button>
  );
}

function NotificationItem({
  row,
  onOpen,
  onMarkRead,
}: {
  row: NotificationRow;
  onOpen: (row: NotificationRow) => void;
  onMarkRead: (row: NotificationRow) => void;
}) {
  const kind = text.kinds[row.kind] ?? row.kind;
  return (
    <li className={`notification-item d-flex gap-2 py-2 border-bottom${row.read ? '' : ' notification-unread'}`}>
      <span className={`notification-dot mt-2${row.read ? ' invisible' : ''}`} aria-hidden="true" />
      <div className="flex-grow-1 min-w-0">
        {row.link ? (
          <Link to={row.link} className="fw-semibold text-break" onClick={() => onOpen(row)}>
            {row.title}
          </Link>
        ) : (
          <span className="fw-semibold text-break">{row.title}</span>
        )}
        {row.read ? null : <span className="visually-hidden"> ({text.unread})</span>}
        {row.body ? <div className="small text-break">{row.body}</div> : null}
        <div className="small text-body-secondary">
          {kind} · {formatTableDateTime(row.created)}
        </div>
      </div>
      {row.read ? null : (
        <Button
          size="sm"
          variant="link"
          className="p-1 align-self-start"
          title={text.markRead}
          aria-label={text.markReadOf(row.title)}
          onClick={() => onMarkRead(row)}
        >
          <i className="bi bi-check2" aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}

/** The header's bell: the unread count (live), and a panel of the newest notifications to read and open. */
export function NotificationBell() {
  useTopic(NOTIFICATIONS_TOPIC);
  const unread = useUnreadCount();
  const [show, setShow] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const bell = useRef<HTMLButtonElement | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);
  const panel = useNotificationPanel(show);
  const mark = useMarkRead();
  useQueueAutoRead(Boolean(unread));

  useEffect(() => {
    if (show) panelRef.current?.focus();
  }, [show]);

  const close = (returnFocus = true) => {
    setShow(false);
    if (returnFocus) bell.current?.focus();
  };

  const open = (row: NotificationRow) => {
    if (!row.read) mark.mutate([row.hash_id]);
    close(false);
  };

  const count = unread ?? 0;
  return (
    <>
      <button
        ref={bell}
        type="button"
        className="btn btn-link text-body p-1 position-relative notification-bell"
        aria-label={text.bell(count)}
        aria-haspopup="dialog"
        aria-expanded={show}
        aria-controls={show ? panelId : undefined}
        onClick={() => setShow((value) => !value)}
      >
        <i className="bi bi-bell fs-5" aria-hidden="true" />
        {count > 0 ? (
          <span className="position-absolute top-0 start-100 translate-middle badge rounded-pill text-bg-danger" aria-hidden="true">
            {formatCount(count)}
          </span>
        ) : null}
      </button>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {unread === null ? '' : text.unreadStatus(count)}
      </span>
      <Overlay target={bell.current} show={show} placement="bottom-end" rootClose onHide={() => close()}>
        <Popover id={panelId} className="notification-panel" role="dialog" aria-labelledby={headingId}>
          <div ref={panelRef} tabIndex={-1} className="notification-panel-body">
            <Popover.Header className="d-flex align-items-center justify-content-between gap-2">
              <h2 id={headingId} className="h6 m-0">
                {text.panelTitle}
              </h2>
              <Button
                size="sm"
                variant="link"
                className="p-0"
                disabled={count === 0 || mark.isPending}
                onClick={() => mark.mutate(null)}
              >
                {text.markAllRead}
              </Button>
            </Popover.Header>
            <Popover.Body className="p-2">
              {panel.isPending ? (
                <LoadingStatus>{text.loading}</LoadingStatus>
              ) : panel.isError ? (
                <RetryAlert message={text.loadFailed} retryLabel={text.retry} onRetry={() => void panel.refetch()} className="mb-2" />
              ) : panel.data.rows.length === 0 ? (
                <p className="text-muted text-center py-3 mb-0">{text.empty}</p>
              ) : (
                <ul className="list-unstyled mb-0 notification-list">
                  {panel.data.rows.map((row) => (
                    <NotificationItem key={row.hash_id} row={row} onOpen={open} onMarkRead={(item) => mark.mutate([item.hash_id])} />
                  ))}
                </ul>
              )}
              <div className="pt-2">
                <BrowserConsent />
              </div>
            </Popover.Body>
          </div>
        </Popover>
      </Overlay>
    </>
  );
}
