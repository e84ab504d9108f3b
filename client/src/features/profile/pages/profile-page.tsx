import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { CardPanel } from '@/components/card-panel';
import { DelegationPanel } from '@/components/delegation/delegation-panel';
import { DetailList } from '@/components/detail-list';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { RetryAlert } from '@/components/retry-alert';
import { Skeleton } from '@/components/skeleton';
import { id as t } from '@/i18n/id';
import { useSession } from '@/lib/session';
import { useProfile } from '../api/get-profile';
import { ApprovalDigestSwitch } from '../components/approval-digest-switch';
import { ChangePasswordModal } from '../components/change-password-modal';

const text = t.profile.page;

/** /profile ('My Profile'): who is signed in, their level and rights, and the password change. */
export function ProfilePage({ title, breadcrumb }: RoutePageProps) {
  const session = useSession();
  const profileQuery = useProfile();
  const [changing, setChanging] = useState(false);
  const profile = profileQuery.data?.profile ?? session.profile ?? {};
  const fullname = profile.fullname || profile.username || session.email || '';
  const rights = profileQuery.data?.rights;

  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={
          <Button variant="primary" onClick={() => setChanging(true)}>
            <i className="bi bi-key me-2" aria-hidden="true" />
            {t.shell.changePassword}
          </Button>
        }
      />
      <div className="row g-3">
        <div className="col-12 col-lg-5">
          <CardPanel as="section" className="h-100" aria-labelledby="profile-account">
            <div className="d-flex align-items-center gap-3 mb-3">
              <span className="user-avatar user-avatar-lg" aria-hidden="true">
                {fullname.charAt(0).toUpperCase() || '?'}
              </span>
              <div className="min-w-0">
                <h2 className="h5 mb-0 text-break" id="profile-account">
                  {fullname}
                </h2>
                <p className="text-muted mb-0">{profile.level_name || text.noLevel}</p>
              </div>
            </div>
            <DetailList
              className="mb-0"
              items={[
                { label: text.fullname, value: profile.fullname || '-' },
                { label: text.username, value: profile.username || '-' },
                { label: text.email, value: profile.email || session.email || '-' },
                { label: text.level, value: profile.level_name || text.noLevel },
              ]}
            />
          </CardPanel>
        </div>
        <div className="col-12 col-lg-7">
          <CardPanel as="section" className="h-100" aria-labelledby="profile-rights">
            <h2 className="h6 fw-semibold mb-1" id="profile-rights">
              {text.rights}
            </h2>
            <p className="small text-muted">{text.rightsHint}</p>
            {profileQuery.isError ? (
              <RetryAlert className="gap-2 mb-0" message={text.loadFailed} retryLabel={text.retry} onRetry={() => void profileQuery.refetch()} />
            ) : !rights ? (
              <Skeleton lines={5} />
            ) : rights.length === 0 ? (
              <p className="mb-0">{text.noRights}</p>
            ) : (
              <ul className="list-unstyled mb-0 profile-rights" aria-labelledby="profile-rights">
                {rights.map((right) => (
                  <li key={right.flag} className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom">
                    <i className="bi bi-check2-circle text-success" aria-hidden="true" />
                    <span className="fw-medium">{right.label}</span>
                    {right.details.map((detail) => (
                      <span key={detail} className="badge rounded-pill text-bg-light border">
                        {detail}
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            )}
          </CardPanel>
        </div>
      </div>
      <DelegationPanel />
      <ApprovalDigestSwitch />
      <ChangePasswordModal show={changing} onClose={() => setChanging(false)} />
    </>
  );
}
