import { expect, type APIRequestContext } from '@playwright/test';
import type { Envelope } from '../fixtures/api';
import { demoUsers, type Role } from '../fixtures/users';

const WEB = '/api/web/v1/';

interface NearManPower {
  hash_id: string;
  man_power_name: string;
}

/** The approval endpoints, called directly: another approver acting, or state arranged before a test. */
export class BackOfficeApi {
  private readonly tokens = new Map<Role, string>();

  constructor(private readonly request: APIRequestContext) {}

  async token(role: Role): Promise<string> {
    const known = this.tokens.get(role);
    if (known) return known;
    const user = demoUsers[role];
    const response = await this.request.post(`${WEB}auth/`, {
      data: { email: user.email, password: user.password, permanentData: false },
    });
    const body = (await response.json()) as Envelope<{ token: string }>;
    expect(response.status(), body.message).toBe(200);
    this.tokens.set(role, body.data.token);
    return body.data.token;
  }

  private async call<T>(
    role: Role,
    method: 'GET' | 'PATCH',
    path: string,
    data?: unknown,
  ): Promise<{ status: number; body: Envelope<T> }> {
    const headers = { Authorization: await this.token(role) };
    const response =
      method === 'GET'
        ? await this.request.get(`${WEB}${path}`, { headers })
        : await this.request.patch(`${WEB}${path}`, { headers, data });
    return { status: response.status(), body: (await response.json()) as Envelope<T> };
  }

  /** GET a back-office endpoint as `role` and return its data (200 expected). */
  async get<T>(role: Role, path: string): Promise<T> {
    const { status, body } = await this.call<T>(role, 'GET', path);
    expect(status, body.message).toBe(200);
    return body.data;
  }

  async logDetailStatus(role: Role, hashId: string): Promise<number> {
    return (await this.call(role, 'GET', `attendance_log/detail/${hashId}`)).status;
  }

  /** Approve a waiting log as `role`, choosing the nearest placement when it is out of radius. */
  async approveLog(role: Role, hashId: string): Promise<void> {
    const detail = await this.call<{ near_man_power_list: NearManPower[]; is_valid_location: number }>(
      role,
      'GET',
      `attendance_log/detail/${hashId}`,
    );
    expect(detail.status, detail.body.message).toBe(200);
    const near = detail.body.data.is_valid_location ? '' : (detail.body.data.near_man_power_list[0]?.hash_id ?? '');
    const { status, body } = await this.call(role, 'PATCH', 'attendance_log/approve', {
      id: hashId,
      near_man_power: near,
    });
    expect(status, body.message).toBe(200);
  }

  async rejectLog(role: Role, hashId: string, note: string): Promise<void> {
    const { status, body } = await this.call(role, 'PATCH', 'attendance_log/reject', { id: hashId, note });
    expect(status, body.message).toBe(200);
  }

  /** Waiting logs `role` may decide, over every date (the queue without filters). */
  async queueTotal(role: Role): Promise<number> {
    const { status, body } = await this.call<unknown[]>(
      role,
      'GET',
      'attendance_log/list?status=waiting_approval&per_page=10',
    );
    expect(status, body.message).toBe(200);
    return (body as Envelope<unknown[]> & { recordsTotal: number }).recordsTotal;
  }

  async decideIzin(role: Role, kind: 'approve' | 'reject', hashId: string, note: string): Promise<void> {
    const { status, body } = await this.call(role, 'PATCH', `permission/${kind}`, { id: hashId, note });
    expect(status, body.message).toBe(200);
  }
}
