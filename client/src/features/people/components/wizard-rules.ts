/** The personalia wizard's steps and local checks (doc1 §4, §5). */

export const WIZARD_VALIDATION_DELAY_MS = 250;
export const PASSWORD_MIN = 6;

export interface WizardValues {
  username: string;
  password: string;
  confirm_password: string;
  level_id: string;
}

export type WizardErrors = Partial<Record<keyof WizardValues, string>>;

export interface WizardMessages {
  username: string;
  password: string;
  passwordMin: string;
  confirm: string;
  level: string;
}

export const emptyWizard: WizardValues = { username: '', password: '', confirm_password: '', level_id: '' };

/** The errors of one step (1 username, 2 password, 3 access level); empty when it may go on. */
export function stepErrors(step: number, values: WizardValues, messages: WizardMessages): WizardErrors {
  if (step === 1) return values.username.trim() ? {} : { username: messages.username };
  if (step === 2) {
    if (!values.password) return { password: messages.password };
    if (values.password.length < PASSWORD_MIN) return { password: messages.passwordMin };
    if (values.confirm_password !== values.password) return { confirm_password: messages.confirm };
    return {};
  }
  if (step === 3) return values.level_id ? {} : { level_id: messages.level };
  return {};
}

/** The step a server error sends the wizard back to (the first field it names), or null. */
export function stepOfServerErrors(errors: Record<string, string[]>): number | null {
  if (errors.username) return 1;
  if (errors.password || errors.confirm_password) return 2;
  if (errors.level_id) return 3;
  return null;
}

export function masked(password: string): string {
  return '•'.repeat(password.length);
}
