import { useEffect } from 'react';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { paths } from '@/config/paths';
import { guide } from '@/i18n/guide.id';
import { id as t } from '@/i18n/id';
import { useSession } from '@/lib/session';
import { useConfig } from '../api/get-config';
import '../components/guide.css';

/** The guide built into the client: what /panduan shows when the server names no external guide. */
function InAppGuide() {
  const { token } = useSession();
  return (
    <div className="guide-page">
      <header className="guide-header">
        <div className="guide-brand">
          <img src="/logo.svg" alt="" width="36" height="36" />
          <span className="fw-semibold">{t.productName}</span>
        </div>
        <Link to={token ? paths.dashboard : paths.login} className="btn btn-outline-primary btn-sm">
          {token ? guide.toDashboard : guide.toLogin}
        </Link>
      </header>
      <main className="guide-main" id="main-content">
        <h1 className="guide-title">{guide.title}</h1>
        <p className="guide-intro">{guide.intro}</p>
        <nav aria-label={guide.contents} className="guide-contents">
          <h2 className="h6 text-muted mb-2">{guide.contents}</h2>
          <ol>
            {guide.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {guide.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="guide-section">
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {'steps' in section && section.steps ? (
              <ol>
                {section.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            ) : null}
          </section>
        ))}
        <p className="guide-help">{guide.help}</p>
      </main>
    </div>
  );
}

/**
 * /panduan: forwards the browser to the external guide the server names (GUIDE_URL), or shows the
 * guide built into the client when none is set.
 */
export function GuidePage() {
  const config = useConfig();
  const guideUrl = config.data?.guide_url;

  useEffect(() => {
    if (guideUrl) window.location.replace(guideUrl);
  }, [guideUrl]);

  if (config.isSuccess && !guideUrl) return <InAppGuide />;

  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center p-4">
      {config.isError ? (
        <Button variant="primary" onClick={() => void config.refetch()}>
          {t.auth.guide.retry}
        </Button>
      ) : (
        <p className="d-flex align-items-center gap-2 text-muted mb-0" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          {guideUrl ? t.auth.guide.redirecting : t.common.loading}
        </p>
      )}
    </main>
  );
}
