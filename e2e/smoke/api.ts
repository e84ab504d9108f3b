import { appendFile, mkdir } from 'node:fs/promises';
import { expect, type APIRequestContext } from '@playwright/test';
import { createdFile, MOBILE_APP_VERSION, smokeEmployee, stateDir } from './env';

const WEB = '/api/web/v1/';
const MOBILE = '/api/mobile/v1/';

/** A 1x1 PNG: the smallest photo the check-in endpoint decodes. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

/** Far from any placement of a real deployment (the South Atlantic): the check-in waits for approval. */
const FAR_AWAY = { latitude: '-50.000000', longitude: '-30.000000' };

interface Envelope<T> {
  http_status: number;
  message: string;
  data: T;
}

export interface SignIn {
  token: string;
  profile: Record<string, unknown>;
  user_access: Record<string, unknown>;
}

/** What the smoke created, one line each in e2e/.smoke/created.jsonl: the teardown undoes it from there. */
export interface Created {
  kind: 'check_in' | 'izin' | 'wall_display';
  hash_id: string;
  label: string;
}

export async function recordCreated(created: Created): Promise<void> {
  await mkdir(stateDir, { recursive: true });
  await appendFile(createdFile, `${JSON.stringify(created)}\n`);
}

export interface Counts {
  approval: {
    attendance: { waiting_approval: number; manual_approval: number; rejected: number };
    izin: { waiting_approval: number; approved: number; rejected: number };
  };
  attendance_waiting: number;
  izin_waiting: number;
}

/** A signed-in back-office session through the documented v1 API. */
export class BackOffice {
  constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, email: string, password: string, remember = false): Promise<SignIn> {
    const response = await request.post(`${WEB}auth/`, { data: { email, password, permanentData: remember } });
    const body = (await response.json()) as Envelope<SignIn>;
    expect(response.status(), `sign-in of ${email}: ${body.message}`).toBe(200);
    return body.data;
  }

  private headers() {
    return { Authorization: this.token };
  }

  async get<T>(path: string, params?: Record<string, string | number>): Promise<T> {
    const response = await this.request.get(`${WEB}${path}`, { headers: this.headers(), params });
    const body = (await response.json()) as Envelope<T>;
    expect(response.status(), `GET ${path}: ${body.message}`).toBe(200);
    return body.data;
  }

  async counts(): Promise<Counts> {
    return this.get<Counts>('dashboard/counts');
  }

  async profileStatus(): Promise<number> {
    return (await this.request.get(`${WEB}profile`, { headers: this.headers() })).status();
  }

  async createDisplay(name: string): Promise<{ hash_id: string; token: string }> {
    const response = await this.request.post(`${WEB}wall_display/`, { headers: this.headers(), data: { name } });
    const body = (await response.json()) as Envelope<{ hash_id: string; token: string }>;
    expect(response.status(), body.message).toBe(201);
    await recordCreated({ kind: 'wall_display', hash_id: body.data.hash_id, label: name });
    return body.data;
  }

  async revokeDisplay(hashId: string): Promise<number> {
    return (await this.request.delete(`${WEB}wall_display/${hashId}`, { headers: this.headers() })).status();
  }

  /** What the wall of a display is shown (`Authorization: Display <token>`). */
  async displaySnapshot(token: string): Promise<{ display_name: string; counts: Counts }> {
    const response = await this.request.get(`${WEB}wall_display/snapshot`, { headers: { Authorization: `Display ${token}` } });
    expect(response.status()).toBe(200);
    return ((await response.json()) as Envelope<{ display_name: string; counts: Counts }>).data;
  }

  /** HTTP status of a request's removal: 200 done, 409 decided already (by the smoke itself), 404 gone. */
  async undo(created: Created, note: string): Promise<number> {
    if (created.kind === 'wall_display') return this.revokeDisplay(created.hash_id);
    const path = created.kind === 'check_in' ? 'attendance_log/reject' : 'permission/reject';
    const response = await this.request.patch(`${WEB}${path}`, { headers: this.headers(), data: { id: created.hash_id, note } });
    return response.status();
  }

  async signOut(): Promise<number> {
    return (await this.request.post(`${WEB}auth/logout`, { headers: this.headers() })).status();
  }
}

export interface SmokeEmployeeProfile {
  number: string;
  numberFormatted: string;
  name: string;
}

export interface CheckIn {
  hash_id: string;
  status: string;
  /** 'YYYY-MM-DD HH:mm:ss' in the placement's time, as the queue shows it. */
  log_datetime: string;
  attendance_date: string;
}

export interface Izin {
  hash_id: string;
  status: string;
  date_formatted: string;
}

/** The smoke employee's app, driven through the mobile API (what a phone sends). */
export class EmployeeApp {
  private token = '';
  profile: SmokeEmployeeProfile = { number: '', numberFormatted: '', name: '' };

  constructor(private readonly request: APIRequestContext) {}

  private headers() {
    return { Authorization: this.token, Version: MOBILE_APP_VERSION };
  }

  async signIn(): Promise<this> {
    const response = await this.request.post(`${MOBILE}auth/`, {
      headers: { Version: MOBILE_APP_VERSION },
      data: { employee_number: smokeEmployee.number, password: smokeEmployee.password },
    });
    const body = (await response.json()) as Envelope<{
      token: string;
      employee: { employee_number: string; employee_number_formatted: string; name: string };
    }>;
    expect(response.status(), `the app's sign-in of employee ${smokeEmployee.number}: ${body.message}`).toBe(200);
    this.token = body.data.token;
    const { employee } = body.data;
    this.profile = { number: employee.employee_number, numberFormatted: employee.employee_number_formatted, name: employee.name };
    return this;
  }

  /** A check-in far from every placement, which waits for approval; `note` names the smoke run. */
  async checkIn(note: string): Promise<CheckIn> {
    const response = await this.request.post(`${MOBILE}attendance/`, {
      headers: this.headers(),
      multipart: {
        log_type: 'check_in',
        ...FAR_AWAY,
        fr_accuracy: '95.5',
        note,
        photo: { name: 'smoke.png', mimeType: 'image/png', buffer: PHOTO },
      },
    });
    const body = (await response.json()) as Envelope<CheckIn>;
    expect(response.status(), body.message).toBe(201);
    await recordCreated({ kind: 'check_in', hash_id: body.data.hash_id, label: note });
    expect(body.data.status, 'a check-in far from every placement waits for approval').toBe('waiting_approval');
    return body.data;
  }

  /**
   * A one-day izin ('Izin', no attachment) on the first day from today on (to the year's end, then
   * back from today) that overlaps no waiting or approved request of the employee.
   */
  async requestIzin(description: string, today: string): Promise<Izin> {
    for (const date of candidateDates(today)) {
      const response = await this.request.post(`${MOBILE}izin/`, {
        headers: this.headers(),
        multipart: { izin_type: 'izin', start_date: date, end_date: date, description },
      });
      const body = (await response.json()) as Envelope<Izin> & { errors?: Record<string, string[]> };
      if (response.status() === 422 && body.errors?.start_date) continue;
      expect(response.status(), body.message).toBe(201);
      await recordCreated({ kind: 'izin', hash_id: body.data.hash_id, label: description });
      expect(body.data.status).toBe('waiting_approval');
      return body.data;
    }
    throw new Error(`no day of this year without an izin request of employee ${smokeEmployee.number}`);
  }

  /** GET on the app's API as the signed-in employee: the envelope's data. */
  async get<T>(path: string): Promise<T> {
    const response = await this.request.get(`${MOBILE}${path}`, { headers: this.headers() });
    const body = (await response.json()) as Envelope<T>;
    expect(response.status(), `GET ${path}: ${body.message}`).toBe(200);
    return body.data;
  }

  async signOut(): Promise<void> {
    if (this.token) await this.request.post(`${MOBILE}auth/logout`, { headers: this.headers() });
    this.token = '';
  }
}

function candidateDates(today: string): string[] {
  const [year, month, day] = today.split('-').map(Number);
  const dates: string[] = [];
  const at = (offset: number) => new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
  for (let offset = 0; at(offset).startsWith(String(year)) && dates.length < 20; offset += 1) dates.push(at(offset));
  for (let offset = -1; at(offset).startsWith(String(year)) && dates.length < 30; offset -= 1) dates.push(at(offset));
  return dates;
}

/** Today in Jakarta (the server's and the browser's zone), YYYY-MM-DD. */
export function jakartaToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
}
