import Button from 'react-bootstrap/Button';
import { id as t } from '@/i18n/id';
import { reloadForNewBuild, useNewBuildPending } from '@/lib/build-version';

/** A quiet notice that a newer client build waits for a form with unsaved input (lib/build-version). */
export function UpdateBanner() {
  const pending = useNewBuildPending();
  if (!pending) return null;
  return (
    <div className="update-banner alert alert-info d-flex align-items-center gap-2 py-2 px-3 mb-0 rounded-0" role="status">
      <span>{t.shell.newBuild}</span>
      <Button size="sm" variant="outline-primary" onClick={reloadForNewBuild}>
        {t.shell.newBuildReload}
      </Button>
    </div>
  );
}
