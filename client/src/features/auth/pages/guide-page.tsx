import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { id as t } from '@/i18n/id';
import { useConfig } from '../api/get-config';

/** Forwards the browser to the external guide site named by the server's configuration. */
export function GuidePage() {
  const config = useConfig();
  const guideUrl = config.data?.guide_url;

  useEffect(() => {
    if (guideUrl) window.location.replace(guideUrl);
  }, [guideUrl]);

  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center p-4">
      {config.isError ? (
        <Button variant="primary" onClick={() => void config.refetch()}>
          {t.auth.guide.retry}
        </Button>
      ) : (
        <p className="d-flex align-items-center gap-2 text-muted mb-0" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          {t.auth.guide.redirecting}
        </p>
      )}
    </main>
  );
}
