import { id as t } from '@/i18n/id';

export function AccessDenied() {
  return (
    <>
      <h1 className="visually-hidden">{t.pages.accessDenied}</h1>
      <div className="card border-0 shadow-sm">
        <div className="card-body py-5 text-center">
          <i className="bi bi-shield-exclamation fs-1 text-danger d-block mb-3" aria-hidden="true" />
          <p className="mb-0 fw-semibold">{t.errors.accessDenied}</p>
        </div>
      </div>
    </>
  );
}
