export { applyServerErrors, FORM_ERROR, type AppliedServerErrors, type ApplyServerErrorsOptions } from './apply-server-errors';
export {
  CheckboxField,
  DateField,
  DateTimeField,
  FieldError,
  FileField,
  MonthField,
  NumberField,
  PasswordField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
  TextInputField,
  TimeField,
  type FieldProps,
  type SelectOption,
} from './fields';
export { GuardedCancelButton, GuardedModal, useGuardedAction, type GuardedModalProps } from './close-guard';
export { useInlineErrors, type InlineErrorMessages, type InlineErrors, type InvalidControlProps } from './inline-errors';
export { Form, FormAlert, FormSubmitButton, type FormProps } from './form';
export { SettingsCard, useSettingsForm, type SettingsCardProps } from './settings-card';
export { FormModal, type FormModalMode, type FormModalProps } from './form-modal';
export * from './validation';
