import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';

/** The one stand-in for screens that later issues build. */
export function PlaceholderPage({ title, breadcrumb }: RoutePageProps) {
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <div className="card border-0 shadow-sm">
        <div className="card-body py-5 text-center text-muted">
          <i className="bi bi-cone-striped fs-1 d-block mb-3" aria-hidden="true" />
          <p className="mb-0">{t.shell.placeholder}</p>
        </div>
      </div>
    </>
  );
}
