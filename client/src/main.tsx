import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import './styles/theme.css';
import './styles.css';
import './lib/dates';
import { installModalFocusTrap } from './lib/modal-focus-trap';
import { App } from './app/app';

// The server's Content-Security-Policy refuses eval (server/core/security.py). Zod's fast path probes
// `new Function` on its first object parse, which the browser refuses and reports: validate without it.
// This is `z.config({ jitless: true })` without loading zod here (forms load it with their pages): zod
// keeps its global configuration in this object and adopts one already set (zod/v4/core/core.js).
(globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig = { jitless: true };

installModalFocusTrap();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
