import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { mailDir } from '../../fixtures/env';

/**
 * The approval e-mail a new izin request sends (server/approval_mail), read from the folder Django's
 * file backend writes (one .log file per connection, which may hold several messages, each after a
 * line of 79 dashes).
 */
export interface ApprovalMail {
  body: string;
  approve: string;
  reject: string;
}

const SEPARATOR = /^-{79}$/m;

async function messages(): Promise<string[]> {
  let names: string[] = [];
  try {
    names = (await readdir(mailDir)).filter((name) => name.endsWith('.log'));
  } catch {
    return [];
  }
  const texts = await Promise.all(names.map((name) => readFile(path.join(mailDir, name), 'utf8')));
  return texts.flatMap((text) => text.split(SEPARATOR));
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Waits for the approval mail to `address` about the request described as `description`. */
export async function waitForApprovalMail(address: string, description: string): Promise<ApprovalMail> {
  const to = new RegExp(`^To: .*${escaped(address)}`, 'mi');
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await messages()).find((message) => to.test(message) && message.includes(description));
        return Boolean(found);
      },
      { message: `an approval mail to ${address} about "${description}" in ${mailDir}`, timeout: 20_000 },
    )
    .toBe(true);
  const body = found as string;
  const approve = /^Setujui: (\S+)$/m.exec(body)?.[1];
  const reject = /^Tolak  : (\S+)$/m.exec(body)?.[1];
  expect(approve, 'the approve link of the mail').toMatch(/\/approval-link\/\S+$/);
  expect(reject, 'the reject link of the mail').toMatch(/\/approval-link\/\S+$/);
  return { body, approve: approve as string, reject: reject as string };
}
