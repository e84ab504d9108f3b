import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import './page-header.css';

/** Props every routed page receives from the route table. */
export interface RoutePageProps {
  title: string;
  breadcrumb: readonly string[];
}

export interface PageHeaderProps {
  /** The page's one h1. */
  title: string;
  /** Trail between 'Beranda' (a link to the dashboard) and the title; plain text entries. */
  breadcrumb?: readonly string[];
  /** The trail's last entry when it is not the title (doc2 §2.6: 'Penyesuaian Kehadiran > Unggah'). */
  crumb?: string;
  /** One line under the title saying what the page is for or which scope it shows. */
  description?: ReactNode;
  /** The page's main buttons, right of the title (below it on a phone). */
  actions?: ReactNode;
}

/**
 * The header of every screen in the shell: breadcrumb, title, optional description and actions.
 * The page content follows it directly; it carries its own bottom margin.
 */
export function PageHeader({ title, breadcrumb = [], crumb, description, actions }: PageHeaderProps) {
  const titleId = useId();
  return (
    <header className="page-header" aria-labelledby={titleId}>
      <div className="page-header-text">
        <nav aria-label={t.common.breadcrumb}>
          <ol className="breadcrumb mb-1">
            <li className="breadcrumb-item">
              <Link to={paths.dashboard}>{t.breadcrumbs.home}</Link>
            </li>
            {breadcrumb.map((crumb) => (
              <li className="breadcrumb-item" key={crumb}>
                {crumb}
              </li>
            ))}
            <li className="breadcrumb-item active" aria-current="page">
              {crumb ?? title}
            </li>
          </ol>
        </nav>
        <h1 className="page-header-title" id={titleId}>
          {title}
        </h1>
        {description ? <p className="page-header-description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header-actions">{actions}</div> : null}
    </header>
  );
}
