import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Dropdown from 'react-bootstrap/Dropdown';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import type { ConnectionState } from '@/lib/realtime';
import { ConnectionIndicator } from './connection-indicator';

export interface HeaderProps {
  fullname: string;
  levelName?: string;
  connection: ConnectionState;
  /** What the app puts beside the connection dot (the notification bell). */
  actions?: ReactNode;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  onLock: () => void;
  onChangePassword: () => void;
  onLogout: () => void;
}

export function Header({
  fullname,
  levelName,
  connection,
  actions,
  sidebarExpanded,
  onToggleSidebar,
  onLock,
  onChangePassword,
  onLogout,
}: HeaderProps) {
  const initial = fullname.trim().charAt(0).toUpperCase() || '?';
  return (
    <header className="app-header navbar bg-white border-bottom px-2 px-md-3">
      <div className="d-flex align-items-center gap-2">
        <button
          type="button"
          className="btn btn-link text-body p-1 fs-4 lh-1"
          aria-label={t.shell.toggleSidebar}
          aria-controls="app-sidebar"
          aria-expanded={sidebarExpanded}
          onClick={onToggleSidebar}
        >
          <i className="bi bi-list" aria-hidden="true" />
        </button>
        <Link
          to={paths.dashboard}
          className="navbar-brand d-flex align-items-center gap-2 fw-semibold m-0"
          aria-label={t.shell.brandHome}
        >
          <img src="/logo.svg" alt={t.shell.logoAlt} width="28" height="28" />
          <span>{t.productName}</span>
        </Link>
      </div>
      <div className="d-flex align-items-center gap-3">
        {actions}
        <ConnectionIndicator state={connection} />
        <Dropdown align="end">
          {/* Named by what it shows (the user's name and level) and what it is ('Menu pengguna'). */}
          <Dropdown.Toggle variant="light" className="d-flex align-items-center gap-2 border-0 bg-transparent">
            <span className="user-avatar" aria-hidden="true">
              {initial}
            </span>
            <span className="d-none d-sm-flex flex-column text-start lh-sm">
              <span className="fw-semibold small">{fullname}</span>
              {levelName ? <span className="text-muted small">{levelName}</span> : null}
            </span>
            <span className="visually-hidden">{t.shell.userMenu}</span>
          </Dropdown.Toggle>
          <Dropdown.Menu>
            <Dropdown.Item as={Link} to={paths.profile}>
              <i className="bi bi-person me-2" aria-hidden="true" />
              {t.shell.myProfile}
            </Dropdown.Item>
            <Dropdown.Item as="button" onClick={onLock}>
              <i className="bi bi-lock me-2" aria-hidden="true" />
              {t.shell.lockScreen}
            </Dropdown.Item>
            <Dropdown.Item as="button" onClick={onChangePassword}>
              <i className="bi bi-key me-2" aria-hidden="true" />
              {t.shell.changePassword}
            </Dropdown.Item>
            <Dropdown.Divider />
            <Dropdown.Item as="button" onClick={onLogout}>
              <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
              {t.shell.logout}
            </Dropdown.Item>
          </Dropdown.Menu>
        </Dropdown>
      </div>
    </header>
  );
}
