import { Button, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { AuthLayout } from './auth-layout';
import { submitHandler } from './form-events';

export type AuthFormProps = {
  title: string;
  subtitle: string;
  onSubmit: () => void;
  /** "Sign In", and "Signing in..." while `busy`. */
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The button stays disabled also after the form is done; by default only while busy. */
  disabled?: boolean;
  /** What follows the button, e.g. the link back to the sign-in. */
  footer?: ReactNode;
  /** The fields. */
  children: ReactNode;
};

/** A public page's form in its card: the fields, then the full-width submit button, which says when the call runs. */
export function AuthForm({ title, subtitle, onSubmit, submitLabel, busyLabel, busy, disabled = busy, footer, children }: AuthFormProps) {
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <form noValidate onSubmit={submitHandler(onSubmit)}>
        <Stack>
          {children}
          <Button type="submit" fullWidth disabled={disabled}>
            {busy ? busyLabel : submitLabel}
          </Button>
          {footer}
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** The e-mail address a public form asks for; each change of its text goes to `onChange`. */
export function EmailInput({ value, disabled, onChange }: { value: string; disabled: boolean; onChange: (value: string) => void }) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
