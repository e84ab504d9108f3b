import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';

/** Props every routed page receives from the route table. */
export interface RoutePageProps {
  title: string;
  breadcrumb: readonly string[];
}

export interface PageHeaderProps {
  title: string;
  breadcrumb?: readonly string[];
}

export function PageHeader({ title, breadcrumb = [] }: PageHeaderProps) {
  return (
    <header className="mb-4">
      <nav aria-label={t.common.breadcrumb}>
        <ol className="breadcrumb small mb-1">
          <li className="breadcrumb-item">
            <Link to={paths.dashboard}>{t.breadcrumbs.home}</Link>
          </li>
          {breadcrumb.map((crumb) => (
            <li className="breadcrumb-item" key={crumb}>
              {crumb}
            </li>
          ))}
          <li className="breadcrumb-item active" aria-current="page">
            {title}
          </li>
        </ol>
      </nav>
      <h1 className="h3 mb-0">{title}</h1>
    </header>
  );
}
