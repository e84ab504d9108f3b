import { describe, expect, it } from 'vitest';
import { emptyWizard, masked, stepErrors, stepOfServerErrors } from '../components/wizard-rules';

const messages = {
  username: 'Username tidak boleh kosong!',
  password: 'Password harus diisi',
  passwordMin: 'Password setidaknya memiliki 6 karakter',
  confirm: 'Password harus sama',
  level: 'Hak Akses harus diisi!',
};

describe('personalia wizard steps', () => {
  it('step 1 needs a username', () => {
    expect(stepErrors(1, { ...emptyWizard, username: '  ' }, messages)).toEqual({ username: messages.username });
    expect(stepErrors(1, { ...emptyWizard, username: 'dewi' }, messages)).toEqual({});
  });

  it('step 2 needs a password of 6 characters, repeated', () => {
    expect(stepErrors(2, emptyWizard, messages)).toEqual({ password: messages.password });
    expect(stepErrors(2, { ...emptyWizard, password: '12345' }, messages)).toEqual({ password: messages.passwordMin });
    expect(stepErrors(2, { ...emptyWizard, password: '123456', confirm_password: '12345' }, messages)).toEqual({
      confirm_password: messages.confirm,
    });
    expect(stepErrors(2, { ...emptyWizard, password: '123456', confirm_password: '123456' }, messages)).toEqual({});
  });

  it('step 3 needs an access level', () => {
    expect(stepErrors(3, emptyWizard, messages)).toEqual({ level_id: messages.level });
    expect(stepErrors(3, { ...emptyWizard, level_id: 'abc' }, messages)).toEqual({});
  });

  it('a server error sends the wizard back to the step of its field', () => {
    expect(stepOfServerErrors({ username: ['Username sudah digunakan.'] })).toBe(1);
    expect(stepOfServerErrors({ confirm_password: ['x'] })).toBe(2);
    expect(stepOfServerErrors({ level_id: ['x'] })).toBe(3);
    expect(stepOfServerErrors({ hash_id: ['x'] })).toBeNull();
  });

  it('masks the password on the last step', () => {
    expect(masked('rahasia')).toBe('•••••••');
  });
});
