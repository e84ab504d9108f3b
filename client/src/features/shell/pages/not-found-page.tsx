import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';

export function NotFoundPage() {
  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center p-4 bg-body-tertiary">
      <div className="text-center">
        <p className="display-1 fw-bold text-primary mb-2" aria-hidden="true">
          404
        </p>
        <h1 className="h4 mb-3">{t.errors.notFound}</h1>
        <Link to={paths.dashboard} className="btn btn-primary">
          {t.errors.toDashboard}
        </Link>
      </div>
    </main>
  );
}
