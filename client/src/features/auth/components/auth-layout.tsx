import type { ReactNode } from 'react';
import { id as t } from '@/i18n/id';

export interface AuthLayoutProps {
  heading: string;
  subheading?: ReactNode;
  children: ReactNode;
}

export function AuthLayout({ heading, subheading, children }: AuthLayoutProps) {
  return (
    <main className="auth-page min-vh-100 d-flex align-items-center justify-content-center p-3">
      <div className="auth-card card border-0 shadow">
        <div className="card-body p-4 p-md-5">
          <div className="d-flex align-items-center gap-2 mb-4">
            <img src="/logo.svg" alt="" width="40" height="40" />
            <div>
              <div className="fw-bold fs-5 lh-1">{t.productName}</div>
              <div className="text-muted small">{t.productTagline}</div>
            </div>
          </div>
          <h1 className="h4 mb-1">{heading}</h1>
          {subheading ? <p className="text-muted mb-4">{subheading}</p> : null}
          {children}
        </div>
      </div>
    </main>
  );
}
