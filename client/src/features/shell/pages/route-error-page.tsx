import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';

/** What a screen shows when it throws while rendering: an Indonesian message, never the router's default. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="d-flex align-items-center justify-content-center p-4" role="alert">
      <div className="text-center">
        <h1 className="h4 mb-2">{t.errors.pageCrashed}</h1>
        <p className="text-body-secondary mb-3">{t.errors.pageCrashedHint}</p>
        <div className="d-flex gap-2 justify-content-center">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {t.errors.reload}
          </button>
          <Link to={paths.dashboard} className="btn btn-outline-secondary">
            {t.errors.backToDashboard}
          </Link>
        </div>
      </div>
    </main>
  );
}
