import { CardPanel } from '@/components/card-panel';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Skeleton } from '@/components/skeleton';
import { Form, FormAlert } from './form';

export interface SettingsCardProps<Input extends FieldValues, Output = Input> {
  title: string;
  intro: string;
  /** False until the stored values arrived (a skeleton meanwhile). */
  ready: boolean;
  form: UseFormReturn<Input, unknown, Output>;
  onSubmit: (values: Output) => Promise<unknown> | void;
  className?: string;
  children: ReactNode;
}

/**
 * One stored setting edited in place (not a list): a card named by its heading, an intro, the form
 * with its form-level message; the fields and the save button are the caller's.
 */
export function SettingsCard<Input extends FieldValues, Output = Input>({
  title,
  intro,
  ready,
  form,
  onSubmit,
  className = '',
  children,
}: SettingsCardProps<Input, Output>) {
  const headingId = useId();
  return (
    <CardPanel as="section" className={className || undefined} aria-labelledby={headingId}>
      <h2 id={headingId} className="h5">
        {title}
      </h2>
      <p className="text-body-secondary">{intro}</p>
      {!ready ? (
        <Skeleton lines={4} />
      ) : (
        <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId}>
          <FormAlert />
          {children}
        </Form>
      )}
    </CardPanel>
  );
}

/** The stored values (fetched under `queryKey`) and a form reset to them whenever they change. */
export function useSettingsForm<Values extends FieldValues>({
  queryKey,
  fetch,
  resolver,
}: {
  queryKey: QueryKey;
  fetch: (signal: AbortSignal) => Promise<Values>;
  resolver: Resolver<Values>;
}): { data: Values | undefined; form: UseFormReturn<Values> } {
  const { data } = useQuery({ queryKey, queryFn: ({ signal }) => fetch(signal) });
  const form = useForm<Values>({ resolver });
  const { reset } = form;
  // The stored values as the form holds them: set with the reset, so the fields never show for a
  // frame empty (and editable) between the answer and the reset.
  const [shown, setShown] = useState<Values>();
  useEffect(() => {
    if (!data) return;
    reset(data as DefaultValues<Values>);
    setShown(data);
  }, [data, reset]);
  return { data: shown, form };
}
