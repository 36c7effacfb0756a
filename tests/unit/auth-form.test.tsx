import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthForm, EmailInput, type AuthFormProps } from '../../src/ui/auth-form';
import { UiProvider } from '../../src/ui/ui-provider';

function renderForm(props: Partial<AuthFormProps> = {}) {
  const onSubmit = vi.fn();
  render(
    <UiProvider env="test">
      <AuthForm
        title="Forgot Password"
        subtitle="Enter your email"
        onSubmit={onSubmit}
        submitLabel="Send Reset Link"
        busyLabel="Sending..."
        busy={false}
        footer={<a href="/">Login</a>}
        {...props}
      >
        <input aria-label="Email" />
      </AuthForm>
    </UiProvider>,
  );
  return onSubmit;
}

describe('auth form', () => {
  it('shows its title, the fields, the button and what follows it, in that order', () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Email' });
    const button = screen.getByRole('button', { name: 'Send Reset Link' });
    const link = screen.getByRole('link', { name: 'Login' });
    expect(field.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(button.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('submits to the callback, by the button and by Enter in a field', async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'a@b.co{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('says the call runs and takes no second submit while busy', () => {
    renderForm({ busy: true });
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  });

  it('keeps the button disabled when told, with its own label once not busy', () => {
    renderForm({ disabled: true });
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled();
  });

  it('asks for the e-mail address as one, and reports each change of its text', async () => {
    const onChange = vi.fn();
    render(
      <UiProvider env="test">
        <EmailInput value="" disabled={false} onChange={onChange} />
      </UiProvider>,
    );
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    await userEvent.setup().type(email, 'a');
    expect(onChange).toHaveBeenCalledWith('a');
  });
});
