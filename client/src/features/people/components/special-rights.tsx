import { useFormContext, useWatch } from 'react-hook-form';
import { id as t } from '@/i18n/id';
import { APPROVE, MAN_POWER_TYPES, PLAIN_RIGHTS, REJECT, childDisabled, toggleRight, type FlagValues } from './flag-rules';

const text = t.people.login;

export interface RightsFormValues {
  rights: FlagValues;
}

/**
 * 'Hak Khusus' of a user login (doc3 §2.6, §4): approve and reject with their office / pool / site /
 * tug_boat sub-flags (a sub-flag needs its parent; unticking the parent clears them), then reset,
 * delete, disabled attendance, reject valid and force approval.
 */
export function SpecialRights({ editable }: { editable: boolean }) {
  const { control, setValue } = useFormContext<RightsFormValues>();
  const rights = useWatch({ control, name: 'rights' }) ?? {};
  const set = (next: FlagValues) => setValue('rights', next, { shouldDirty: true });

  return (
    <fieldset>
      <legend className="h6">{text.special}</legend>
      {[APPROVE, REJECT].map((base) => {
        const label = text.rights[base] ?? base;
        const on = Boolean(rights[base]);
        return (
          <div key={base} className="mb-2">
            <div className="form-check">
              <input
                id={`right-${base}`}
                type="checkbox"
                className="form-check-input"
                checked={on}
                disabled={!editable}
                onChange={(event) => set(toggleRight(rights, base, event.target.checked))}
              />
              <label className="form-check-label" htmlFor={`right-${base}`}>
                {label}
              </label>
            </div>
            <div className="d-flex flex-wrap gap-3 ms-4">
              {MAN_POWER_TYPES.map((type) => {
                const flag = `${base}_${type}`;
                return (
                  <div key={flag} className="form-check">
                    <input
                      id={`right-${flag}`}
                      type="checkbox"
                      className="form-check-input"
                      aria-label={text.typeOf(label, text.types[type] ?? type)}
                      checked={Boolean(rights[flag])}
                      disabled={childDisabled(editable, on)}
                      onChange={(event) => set({ ...rights, [flag]: event.target.checked })}
                    />
                    <label className="form-check-label" htmlFor={`right-${flag}`} aria-hidden="true">
                      {text.types[type] ?? type}
                    </label>
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
      {PLAIN_RIGHTS.map((flag) => (
        <div key={flag} className="form-check">
          <input
            id={`right-${flag}`}
            type="checkbox"
            className="form-check-input"
            checked={Boolean(rights[flag])}
            disabled={!editable}
            onChange={(event) => set({ ...rights, [flag]: event.target.checked })}
          />
          <label className="form-check-label" htmlFor={`right-${flag}`}>
            {text.rights[flag] ?? flag}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
