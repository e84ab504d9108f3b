import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatCount } from '@/lib/format';
import { id as t } from '@/i18n/id';
import { useApprovalBadges, type ApprovalBadge } from '../api/use-approval-badges';
import type { UserAccess } from '@/lib/session';
import { isLinkActive, visibleMenu, type MenuLink } from './sidebar-menu';

export interface SidebarProps {
  access: UserAccess;
  collapsed: boolean;
  mobileOpen: boolean;
  onCloseMobile: () => void;
}

/** Live waiting counts shown on the approval entries (menu key → count). */
function useMenuBadges(access: UserAccess): Record<string, ApprovalBadge | null> {
  const badges = useApprovalBadges(access);
  return { 'approval-attendance': badges.attendance, 'approval-permission': badges.izin };
}

function SidebarLink({
  item,
  pathname,
  nested,
  badge,
}: {
  item: MenuLink;
  pathname: string;
  nested?: boolean;
  badge?: ApprovalBadge | null;
}) {
  const active = isLinkActive(item, pathname);
  const className = `sidebar-link${nested ? ' sidebar-link-nested' : ''}${active ? ' active' : ''}`;
  const content = (
    <>
      <i className={`bi ${item.icon} sidebar-icon`} aria-hidden="true" />
      <span className="sidebar-label">{item.label}</span>
      {badge?.count ? (
        <span className="badge rounded-pill text-bg-danger ms-auto sidebar-badge" aria-label={badge.label} title={badge.label}>
          {formatCount(badge.count)}
        </span>
      ) : null}
      {item.external ? <i className="bi bi-box-arrow-up-right sidebar-external ms-auto" aria-hidden="true" /> : null}
    </>
  );
  if (item.external) {
    return (
      <a className={className} href={item.to} target="_blank" rel="noopener noreferrer" title={item.label}>
        {content}
        <span className="visually-hidden"> {t.common.opensInNewTab}</span>
      </a>
    );
  }
  return (
    <Link className={className} to={item.to} aria-current={active ? 'page' : undefined} title={item.label}>
      {content}
    </Link>
  );
}

export function Sidebar({ access, collapsed, mobileOpen, onCloseMobile }: SidebarProps) {
  const { pathname } = useLocation();
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const baseId = useId();
  const menu = visibleMenu(access);
  const badges = useMenuBadges(access);

  // Every route change closes all groups.
  useEffect(() => {
    setOpenGroup(null);
  }, [pathname]);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseMobile();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mobileOpen, onCloseMobile]);

  const classes = ['app-sidebar', collapsed ? 'collapsed' : '', mobileOpen ? 'mobile-open' : ''].filter(Boolean).join(' ');

  return (
    <>
      <nav
        className={classes}
        aria-label={t.shell.mainNav}
        id="app-sidebar"
        onMouseLeave={() => {
          if (collapsed) setOpenGroup(null);
        }}
      >
        <ul className="list-unstyled mb-0 py-2">
          {menu.map((item) => {
            if (item.kind === 'link') {
              return (
                <li key={item.key}>
                  <SidebarLink item={item} pathname={pathname} />
                </li>
              );
            }
            const open = openGroup === item.key;
            const active = item.children.some((child) => isLinkActive(child, pathname));
            const panelId = `${baseId}-${item.key}`;
            return (
              <li key={item.key}>
                <button
                  type="button"
                  className={`sidebar-link sidebar-group-toggle${active ? ' active' : ''}`}
                  aria-expanded={open}
                  aria-controls={panelId}
                  title={item.label}
                  onClick={() => setOpenGroup(open ? null : item.key)}
                >
                  <i className={`bi ${item.icon} sidebar-icon`} aria-hidden="true" />
                  <span className="sidebar-label">{item.label}</span>
                  {item.children.some((child) => badges[child.key]?.count) ? (
                    <span className="sidebar-badge-dot ms-auto" aria-hidden="true" />
                  ) : null}
                  <i className={`bi bi-chevron-${open ? 'up' : 'down'} sidebar-chevron ms-auto`} aria-hidden="true" />
                </button>
                <ul className="list-unstyled sidebar-group" id={panelId} hidden={!open}>
                  {item.children.map((child) => (
                    <li key={child.key}>
                      <SidebarLink item={child} pathname={pathname} nested badge={badges[child.key]} />
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </nav>
      {mobileOpen ? <div className="app-sidebar-backdrop" onClick={onCloseMobile} aria-hidden="true" /> : null}
    </>
  );
}
