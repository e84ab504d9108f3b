import { useFormContext, useWatch } from 'react-hook-form';
import { id as t } from '@/i18n/id';
import type { CatalogueGroup } from '../api/people-api';
import { childDisabled, toggleParent, type FlagValues } from './flag-rules';
import './flag-matrix.css';

const text = t.people.level;
const ACTIONS = ['create', 'update', 'delete'] as const;
const ACTION_LABEL = { create: t.form.add, update: t.form.edit, delete: t.form.delete } as const;

export interface LevelFormValues {
  name: string;
  flags: FlagValues;
}

/**
 * The 'Hak Akses' matrix of a user level (doc3 §2.6, §4): one table per group (Pengumuman, Karyawan,
 * Pengaturan), a row per list flag with its List box and its Tambah / Ubah / Hapus boxes. A child box
 * is enabled only while editing and while its List box is ticked; unticking List clears the row.
 */
export function FlagMatrix({ catalogue, editable }: { catalogue: CatalogueGroup[]; editable: boolean }) {
  const { control, setValue } = useFormContext<LevelFormValues>();
  const flags = useWatch({ control, name: 'flags' }) ?? {};
  const set = (next: FlagValues) => setValue('flags', next, { shouldDirty: true });

  return (
    <div className="d-grid gap-3">
      {catalogue.map((group) => (
        // A narrow screen scrolls the table sideways: the scroller is a named region a keyboard can
        // focus and scroll (axe: scrollable-region-focusable).
        <div
          key={group.label}
          className="table-responsive"
          role="region"
          tabIndex={0}
          aria-label={`${text.matrix} ${group.label}`}
        >
          <table className="table table-sm align-middle mb-0 flag-matrix" aria-label={`${text.matrix} ${group.label}`}>
            {/* The same columns in every group's table, so the boxes line up from one to the next. */}
            <colgroup>
              <col />
              {['list', ...ACTIONS].map((column) => (
                <col key={column} className="flag-matrix-action" />
              ))}
            </colgroup>
            <thead className="table-light">
              <tr>
                <th scope="col">{group.label}</th>
                <th scope="col" className="text-center">
                  {text.list}
                </th>
                {ACTIONS.map((action) => (
                  <th key={action} scope="col" className="text-center">
                    {ACTION_LABEL[action]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {group.flags.map((parent) => {
                const parentOn = Boolean(flags[parent.flag]);
                return (
                  <tr key={parent.flag}>
                    <th scope="row" className="fw-normal">
                      {parent.label}
                    </th>
                    <td className="text-center">
                      <input
                        type="checkbox"
                        className="form-check-input"
                        aria-label={parent.label}
                        checked={parentOn}
                        disabled={!editable}
                        onChange={(event) => set(toggleParent(flags, parent, event.target.checked))}
                      />
                    </td>
                    {ACTIONS.map((action) => {
                      const child = parent.children.find((item) => item.action === action);
                      return (
                        <td key={action} className="text-center">
                          {child ? (
                            <input
                              type="checkbox"
                              className="form-check-input"
                              aria-label={text.flagOf(parent.label, child.label)}
                              checked={Boolean(flags[child.flag])}
                              disabled={childDisabled(editable, parentOn)}
                              onChange={(event) => set({ ...flags, [child.flag]: event.target.checked })}
                            />
                          ) : (
                            <span className="text-muted" aria-hidden="true">
                              –
                            </span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
