import path from 'node:path';

/**
 * The smoke's settings, all from the environment (README: "Smoke test of a deployment"). The smoke
 * runs against a deployment it did not start (E2E_BASE_URL) and signs in with the credentials it is
 * given; the defaults are the demo's (`make run`): the admin admin@example.com / admin12345 and the
 * seeded employee 100001 with the app password karyawan123.
 */
export const smokeBaseUrl = process.env.E2E_BASE_URL?.replace(/\/$/, '') ?? '';

/** The back-office account both browsers sign in with (it needs both queues, reports and wall displays). */
export const smokeAccount = {
  email: process.env.E2E_SMOKE_EMAIL || 'admin@example.com',
  password: process.env.E2E_SMOKE_PASSWORD || 'admin12345',
};

/** The employee whose app the smoke plays: its check-ins and izin request are the smoke's own data. */
export const smokeEmployee = {
  number: process.env.E2E_SMOKE_EMPLOYEE || '100001',
  password: process.env.E2E_SMOKE_EMPLOYEE_PASSWORD || 'karyawan123',
};

/** The mobile app version the smoke's employee app sends (any version at or above the server's minimum). */
export const MOBILE_APP_VERSION = process.env.E2E_SMOKE_APP_VERSION || '1000000';

export const e2eDir = path.resolve(__dirname, '..');
/** The run's state (its id, the browsers' sessions, what it created): e2e/.smoke, never committed. */
export const stateDir = path.join(e2eDir, '.smoke');
export const stateFile = path.join(stateDir, 'state.json');
export const createdFile = path.join(stateDir, 'created.jsonl');
export const REPORT_DIR = 'smoke-report';
