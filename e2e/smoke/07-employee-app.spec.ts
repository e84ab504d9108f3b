import { expect, test } from './test';

test.describe('employee app API (/api/mobile/v1)', () => {
  test('the employee signs in and reads the day, the own izin requests and the announcements @smoke', async ({ employeeApp }) => {
    expect(employeeApp.profile.name).toBeTruthy();
    const today = await employeeApp.get<Record<string, unknown>>('attendance/today');
    expect(today).toBeTruthy();
    const izin = await employeeApp.get<unknown>('izin/');
    expect(izin).toBeTruthy();
    const announcements = await employeeApp.get<unknown>('announcement/');
    expect(announcements).toBeTruthy();
  });
});
