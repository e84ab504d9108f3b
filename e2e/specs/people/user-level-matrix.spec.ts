import type { Locator } from '@playwright/test';
import { expect, signedInAs, test } from '../../fixtures/test';
import { UserLevelPage } from '../../pages/people-pages';

test.use(signedInAs('admin'));

/** The horizontal centre of each header cell of a table (its columns). */
async function columnCentres(table: Locator): Promise<number[]> {
  return table.locator('thead th').evaluateAll((cells) =>
    cells.map((cell) => {
      const box = cell.getBoundingClientRect();
      return Math.round(box.left + box.width / 2);
    }),
  );
}

// The 'Hak Akses' matrix is one table per group: the List / Tambah / Ubah / Hapus columns line up from
// one group's table to the next, and each box sits in the middle of its column and row.
test('the user level matrix: the same columns in every group, the boxes centred', async ({ page }) => {
  const levels = new UserLevelPage(page);
  await levels.goto();
  await levels.add.click();
  await expect(levels.modal.dialog).toBeVisible();

  const tables = levels.modal.dialog.getByRole('table');
  await expect(tables.first()).toBeVisible();
  const count = await tables.count();
  expect(count).toBeGreaterThan(1);
  const first = await columnCentres(tables.first());
  expect(first).toHaveLength(5);
  for (let index = 1; index < count; index += 1) {
    const centres = await columnCentres(tables.nth(index));
    // The group's label column may differ in nothing but its text; the four box columns are the same.
    expect(centres.slice(1)).toEqual(first.slice(1));
  }

  // Each ticked box is centred in its column header's middle and in its row's middle.
  for (let index = 0; index < count; index += 1) {
    const table = tables.nth(index);
    const headers = await columnCentres(table);
    const offsets = await table.locator('tbody tr').evaluateAll((rows) =>
      rows.flatMap((row) => {
        const rowBox = row.getBoundingClientRect();
        return [...row.querySelectorAll('td')].map((cell) => {
          const box = (cell.querySelector('input') ?? cell.querySelector('span') ?? cell).getBoundingClientRect();
          return { x: Math.round(box.left + box.width / 2), y: Math.abs(box.top + box.height / 2 - (rowBox.top + rowBox.height / 2)) };
        });
      }),
    );
    offsets.forEach((offset, cell) => {
      expect(Math.abs(offset.x - headers[1 + (cell % 4)])).toBeLessThanOrEqual(1);
      expect(offset.y).toBeLessThanOrEqual(1.5);
    });
  }
});
