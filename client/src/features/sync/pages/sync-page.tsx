import { Link } from 'react-router';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { paths } from '@/config/paths';
import { id as t } from '@/i18n/id';
import { hasFlag } from '@/lib/access';
import { useSession } from '@/lib/session';

const text = t.sync;

interface Tile {
  to: string;
  title: string;
  body: string;
  icon: string;
}

/** /sync: one tile per sync the user may run (doc2 §2.12). */
export function SyncPage({ title, breadcrumb }: RoutePageProps) {
  const { access } = useSession();
  const tiles: Tile[] = [];
  if (hasFlag(access, 'allow_employee_update')) {
    tiles.push({ to: paths.syncEmployee, title: text.hrTile, body: text.hrTileText, icon: 'bi-people' });
  }
  if (hasFlag(access, 'allow_sync_penggajian')) {
    tiles.push({ to: paths.syncAttendance, title: text.payrollTile, body: text.payrollTileText, icon: 'bi-cash-stack' });
  }

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {tiles.length === 0 ? (
        <p className="text-muted">{text.noTiles}</p>
      ) : (
        <div className="row g-3">
          {tiles.map((tile) => (
            <div className="col-sm-6 col-lg-4" key={tile.to}>
              <Link to={tile.to} className="card h-100 text-decoration-none shadow-sm border-0">
                <div className="card-body d-flex gap-3 align-items-start">
                  <i className={`bi ${tile.icon} fs-2 text-primary`} aria-hidden="true" />
                  <div>
                    <h2 className="h5 card-title text-body">{tile.title}</h2>
                    <p className="card-text text-muted small mb-0">{tile.body}</p>
                  </div>
                </div>
              </Link>
            </div>
          ))}
        </div>
      )}
    </>
  );
}
