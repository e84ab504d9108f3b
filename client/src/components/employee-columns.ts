import type { DataTableColumn } from './data-table';

/** The employee and man power fields of a per-employee row (adjustment lines, sync lines, reports). */
export interface EmployeeManPowerFields {
  employee_number_formatted: string;
  employee_name: string;
  man_power_name?: string | null;
  man_power_group_name?: string | null;
  man_power_team_name?: string | null;
}

export interface EmployeeColumnHeaders {
  employeeNumber: string;
  name: string;
  manPower: string;
  group: string;
  team: string;
}

/** The sortable employee number, name, man power, group and team columns ('-' for an empty one) of a DataTable. */
export function employeeColumnSet<Row extends EmployeeManPowerFields>(c: EmployeeColumnHeaders) {
  const column = (key: keyof EmployeeManPowerFields, header: string, dash = true): DataTableColumn<Row> => ({
    key,
    header,
    cell: (row) => (dash ? row[key] || '-' : row[key]),
    sortable: true,
  });
  return {
    number: column('employee_number_formatted', c.employeeNumber, false),
    name: column('employee_name', c.name, false),
    manPower: column('man_power_name', c.manPower),
    group: column('man_power_group_name', c.group),
    team: column('man_power_team_name', c.team),
  };
}

/** The five employee columns in their usual order. */
export function employeeColumns<Row extends EmployeeManPowerFields>(c: EmployeeColumnHeaders): DataTableColumn<Row>[] {
  const set = employeeColumnSet<Row>(c);
  return [set.number, set.name, set.manPower, set.group, set.team];
}
