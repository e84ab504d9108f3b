import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { djangoShell } from '../fixtures/django-shell';

const MOBILE = '/api/mobile/v1/';
export const EMPLOYEE_PASSWORD = 'karyawan123';

/** A coordinate far from every demo placement (Yogyakarta): a check-in there waits for approval. */
export const FAR_AWAY = { latitude: -7.797068, longitude: 110.370529 };

/** A 2x2 PNG: the smallest photo the check-in accepts as an image. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGM8kWLEwMDAxMDAwMDAAAARKAFipiAqoAAAAABJRU5ErkJggg==',
  'base64',
);
/** A one-page PDF for izin attachments. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export type ManPowerType = 'office' | 'pool' | 'site' | 'tug_boat';

export interface DemoEmployee {
  number: string;
  name: string;
  manPowerName: string;
}

const FIND_EMPLOYEES = `
import json, os
from server.workforce.models import Employee
rows = (
    Employee.objects.filter(
        man_power__type=os.environ["E2E_MAN_POWER_TYPE"],
        is_active=True,
        attendance_disabled=False,
        attendance_location_type="placement",
        employee_number__regex=r"^[0-9]+$",  # seed_demo's, not those other specs create and change
    )
    .exclude(mobile_password="")
    .order_by("pk")
    .values_list("employee_number_formatted", "name", "man_power__name")
)
print("E2E_JSON=" + json.dumps([list(row) for row in rows]))
`;

const employeeCache = new Map<ManPowerType, DemoEmployee[]>();

/** Active demo employees of a man power type who check in at their placement (from the e2e database). */
export async function employeesOf(type: ManPowerType): Promise<DemoEmployee[]> {
  const cached = employeeCache.get(type);
  if (cached) return cached;
  const stdout = await djangoShell(FIND_EMPLOYEES, { E2E_MAN_POWER_TYPE: type });
  const line = stdout.split('\n').find((text) => text.startsWith('E2E_JSON='));
  const rows = JSON.parse(line?.slice('E2E_JSON='.length) ?? '[]') as Array<[string, string, string]>;
  const employees = rows.map(([number, name, manPowerName]) => ({ number, name, manPowerName }));
  expect(employees.length, `demo employees of type ${type}`).toBeGreaterThan(0);
  employeeCache.set(type, employees);
  return employees;
}

export async function randomEmployeeOf(type: ManPowerType): Promise<DemoEmployee> {
  const employees = await employeesOf(type);
  return employees[randomInt(employees.length)];
}

export interface CheckIn {
  hash_id: string;
  status: string;
  /** 'YYYY-MM-DD HH:mm:ss' in the placement's time, as the queue shows it. */
  log_datetime: string;
  employee: DemoEmployee;
}

export interface IzinRequest {
  hash_id: string;
  status: string;
  label: string;
  date_formatted: string;
  employee: DemoEmployee;
}

/** The employee app, driven through the mobile API (what a phone would send). */
export class MobileApp {
  constructor(private readonly request: APIRequestContext) {}

  async signIn(employee: DemoEmployee): Promise<string> {
    const response = await this.request.post(`${MOBILE}auth/`, {
      data: { employee_number: employee.number, password: EMPLOYEE_PASSWORD },
    });
    const body = (await response.json()) as { message: string; data: { token: string } };
    expect(response.status(), body.message).toBe(200);
    return body.data.token;
  }

  /** A check-in far from the placement: it waits for approval and enters the live queue. */
  async checkInFarAway(employee: DemoEmployee, logType: 'check_in' | 'check_out' = 'check_in'): Promise<CheckIn> {
    const token = await this.signIn(employee);
    const response = await this.request.post(`${MOBILE}attendance/`, {
      headers: { Authorization: token },
      multipart: {
        log_type: logType,
        latitude: String(FAR_AWAY.latitude),
        longitude: String(FAR_AWAY.longitude),
        fr_accuracy: '95.5',
        note: 'Absen dari uji e2e',
        photo: { name: 'selfie.png', mimeType: 'image/png', buffer: PHOTO },
      },
    });
    const body = (await response.json()) as { message: string; data: Omit<CheckIn, 'employee'> };
    expect(response.status(), body.message).toBe(201);
    expect(body.data.status).toBe('waiting_approval');
    return { ...body.data, employee };
  }

  /**
   * An izin request of `days` days in the current year. Dates are drawn at random (and redrawn when
   * they overlap a request the employee already has) so parallel tests never collide.
   */
  async requestIzin(
    type: ManPowerType,
    options: { withAttachment?: boolean; description?: string } = {},
  ): Promise<IzinRequest> {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const employee = await randomEmployeeOf(type);
      const token = await this.signIn(employee);
      const date = randomDateThisYear();
      const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
        izin_type: 'izin',
        start_date: date,
        end_date: date,
        description: options.description ?? `Keperluan keluarga (uji e2e ${attempt})`,
      };
      if (options.withAttachment) {
        multipart.attachment = {
          name: 'surat-keterangan-keperluan-keluarga-uji.pdf',
          mimeType: 'application/pdf',
          buffer: PDF,
        };
      }
      const response = await this.request.post(`${MOBILE}izin/`, { headers: { Authorization: token }, multipart });
      const body = (await response.json()) as { message: string; data: Omit<IzinRequest, 'employee'> };
      if (response.status() === 422) continue;
      expect(response.status(), body.message).toBe(201);
      return { ...body.data, employee };
    }
    throw new Error('no free izin date found for the demo employees');
  }
}

function randomDateThisYear(): string {
  const now = new Date();
  const year = now.getFullYear();
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year, 11, 31);
  const day = new Date(start + randomInt(Math.floor((end - start) / 86_400_000) + 1) * 86_400_000);
  return day.toISOString().slice(0, 10);
}
