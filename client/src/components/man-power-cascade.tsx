import { useId } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { id as t } from '@/i18n/id';
import { api } from '@/lib/api-client';
import type { AnswerData, QueryOf } from '@/lib/api-types';
import type { InvalidControlProps } from './form/inline-errors';

/**
 * The man power filter cascade type > name > team > group (doc2 §4), fed by `GET man_power`.
 *
 * Controlled: `value` holds the four choices ('' = Semua); every choice clears the levels below it.
 * A lower select stays disabled until its options have loaded and are non-empty; a failed load stops
 * the spinner without a message. `levels` limits the cascade (e.g. 2 = type and name only).
 * Accessible names: 'Tipe Man Power', 'Man Power', 'Tim Man Power', 'Grup Man Power' (or `labels`).
 */

export interface ManPowerValue {
  type: string;
  name: string;
  team: string;
  group: string;
}

export const emptyManPower: ManPowerValue = { type: '', name: '', team: '', group: '' };

export type ManPowerOption = AnswerData<'man_power'>[number];

type Level = keyof ManPowerValue;
const LEVELS: readonly Level[] = ['type', 'name', 'team', 'group'];

export interface ManPowerCascadeProps {
  value: ManPowerValue;
  onChange: (next: ManPowerValue) => void;
  /** How many levels to show, from the top (1-4, default 4). */
  levels?: 1 | 2 | 3 | 4;
  labels?: Partial<Record<Level, string>>;
  disabled?: boolean;
  /** Bootstrap grid class of each select's wrapper (default 'col-sm-6 col-lg-3'). */
  columnClassName?: string;
  /** Extra props of a level's select (a form's inline error: id, isInvalid, aria-describedby). */
  levelProps?: Partial<Record<Level, Partial<InvalidControlProps>>>;
}

export async function getManPowerOptions(parent: Omit<ManPowerValue, 'group'>): Promise<ManPowerOption[]> {
  const response = await api.get('man_power', {
    // The cascade keeps the type as the string it was given; the server answers 422 to an unknown one.
    query: { type: (parent.type || undefined) as QueryOf<'web_v1_man_power_retrieve'>['type'], name: parent.name || undefined, team: parent.team || undefined },
    errorPopup: false,
  });
  return Array.isArray(response.data) ? response.data : [];
}

export function manPowerOptionsQuery(parent: Omit<ManPowerValue, 'group'>) {
  return queryOptions({
    queryKey: ['man-power-options', parent.type, parent.name, parent.team],
    queryFn: () => getManPowerOptions(parent),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** What the cascade holds after choosing `next` at `level`: that level set, every lower one cleared. */
export function chooseManPower(value: ManPowerValue, level: Level, next: string): ManPowerValue {
  const result = { ...value, [level]: next };
  for (const lower of LEVELS.slice(LEVELS.indexOf(level) + 1)) result[lower] = '';
  return result;
}

function parentOf(value: ManPowerValue, level: Level): Omit<ManPowerValue, 'group'> | null {
  switch (level) {
    case 'type':
      return { type: '', name: '', team: '' };
    case 'name':
      return value.type ? { type: value.type, name: '', team: '' } : null;
    case 'team':
      return value.type && value.name ? { type: value.type, name: value.name, team: '' } : null;
    case 'group':
      return value.type && value.name && value.team ? { type: value.type, name: value.name, team: value.team } : null;
  }
}

function LevelSelect({
  level,
  label,
  value,
  onChange,
  disabled,
  className,
  controlProps,
}: {
  level: Level;
  label: string;
  value: ManPowerValue;
  onChange: (next: ManPowerValue) => void;
  disabled?: boolean;
  className: string;
  controlProps?: Partial<InvalidControlProps>;
}) {
  const generatedId = useId();
  const id = controlProps?.id ?? generatedId;
  const parent = parentOf(value, level);
  const query = useQuery({
    ...manPowerOptionsQuery(parent ?? { type: '', name: '', team: '' }),
    enabled: parent !== null,
  });
  const options = parent ? (query.data ?? []) : [];
  const loading = parent !== null && query.isFetching;
  return (
    <div className={className}>
      <div className="d-flex align-items-center gap-2 mb-1">
        <Form.Label htmlFor={id} className="small mb-0">
          {label}
        </Form.Label>
        {loading ? <Spinner animation="border" size="sm" role="status" aria-label={t.manPower.loadingOptions} /> : null}
      </div>
      <Form.Select
        id={id}
        size="sm"
        value={value[level]}
        disabled={disabled || options.length === 0}
        onChange={(event) => onChange(chooseManPower(value, level, event.target.value))}
        {...controlProps}
      >
        <option value="">{t.manPower.all}</option>
        {options.map((option) => (
          <option key={option.hash_id ?? option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}

export function ManPowerCascade({
  value,
  onChange,
  levels = 4,
  labels,
  disabled,
  columnClassName = 'col-sm-6 col-lg-3',
  levelProps,
}: ManPowerCascadeProps) {
  const defaults: Record<Level, string> = {
    type: t.manPower.type,
    name: t.manPower.name,
    team: t.manPower.team,
    group: t.manPower.group,
  };
  return (
    <>
      {LEVELS.slice(0, levels).map((level) => (
        <LevelSelect
          key={level}
          level={level}
          label={labels?.[level] ?? defaults[level]}
          value={value}
          onChange={onChange}
          disabled={disabled}
          className={columnClassName}
          controlProps={levelProps?.[level]}
        />
      ))}
    </>
  );
}
