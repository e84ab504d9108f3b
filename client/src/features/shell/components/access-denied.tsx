import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';

/**
 * `revoked`: the page was open when the user's flags lost it (the live `access` push): it says so
 * instead of moving silently; the Dashboard button moves on.
 *
 * What a typed or first-load URL shows when the user's flags deny it: inside the shell, with the
 * page's title, the reason and a way back (the previous page of this tab, or the dashboard).
 */
export function AccessDenied({ revoked = false }: { revoked?: boolean }) {
  const navigate = useNavigate();
  // A revoked page offers no way back: the previous page may be as closed as this one.
  const canGoBack = !revoked && (window.history.state as { idx?: number } | null)?.idx ? true : false;
  return (
    <>
      <PageHeader title={revoked ? t.pages.accessRevoked : t.pages.accessDenied} />
      <section className="card border-0 shadow-sm" role={revoked ? 'alert' : undefined}>
        <div className="card-body py-5 text-center">
          <i className="bi bi-shield-lock fs-1 text-danger d-block mb-3" aria-hidden="true" />
          <p className="fw-semibold mb-1">{revoked ? t.errors.accessRevoked : t.errors.accessDenied}</p>
          <p className="text-muted mb-4">{revoked ? t.errors.accessRevokedHint : t.errors.accessDeniedHint}</p>
          <div className="d-flex flex-wrap justify-content-center gap-2">
            {canGoBack ? (
              <button type="button" className="btn btn-outline-secondary" onClick={() => navigate(-1)}>
                <i className="bi bi-arrow-left me-1" aria-hidden="true" />
                {t.errors.goBack}
              </button>
            ) : null}
            <Link to={paths.dashboard} className="btn btn-primary">
              {t.errors.backToDashboard}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
