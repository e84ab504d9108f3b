import { describe, expect, it } from 'vitest';
import { crudPermissions } from '../access';

describe('crudPermissions', () => {
  it('reads the _create/_update/_delete flags of a base flag', () => {
    expect(
      crudPermissions({ allow_blacklist_app: 1, allow_blacklist_app_create: 1, allow_blacklist_app_delete: '1' }, 'allow_blacklist_app'),
    ).toEqual({ canCreate: true, canUpdate: false, canDelete: true });
    expect(crudPermissions({}, 'allow_setting_shift')).toEqual({ canCreate: false, canUpdate: false, canDelete: false });
  });
});
