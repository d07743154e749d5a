import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { changeLanguage } from '@/lib/i18n';
import * as navigation from '@/lib/navigation';
import my from '@/locales/my.json';
import { getSession } from '@/lib/session';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const apiUser = { id: 3, username: 'kyaw', phone_number: '09111222333', email: null, wallet_amount: 1500, is_admin: false, is_banned: false, ban_reason: null };

describe('login', () => {
  it('validates, shows the admin badge, and toggles the password', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter your email or phone number')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    const id = screen.getByLabelText('Phone number or e-mail');
    expect(id).toHaveAttribute('aria-invalid', 'true');
    expect(id).toHaveAttribute('maxlength', '254');

    expect(screen.queryByText('Admin Access Detected')).not.toBeInTheDocument();
    await user.type(id, 'admin@shwe.mm');
    expect(screen.getByText('Admin Access Detected')).toBeInTheDocument();
    expect(screen.queryByText('Please enter your email or phone number')).not.toBeInTheDocument();

    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('stores the session, refreshes the user and redirects the whole page home', async () => {
    const redirect = vi.spyOn(navigation, 'hardRedirect').mockImplementation(() => undefined);
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ success: true, token: 'tok-3', user: { ...apiUser, wallet_amount: 1 } })),
      http.get('*/api/user/3', ({ request }) => {
        expect(request.headers.get('Authorization')).toBe('Bearer tok-3');
        return HttpResponse.json({ success: true, data: apiUser });
      }),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Phone number or e-mail'), '09111222333');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    // Straight in: no success pop-up to wait through or dismiss.
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/home'), { timeout: 500 });
    expect(getSession()).toMatchObject({ token: 'tok-3', user: { id: 3, wallet_amount: 1500 } });
    expect(screen.queryByRole('dialog', { name: 'Login Successful' })).not.toBeInTheDocument();
  });

  it('takes an e-mail address up to 254 characters as the login', async () => {
    let sent = '';
    server.use(
      http.post('*/api/login', async ({ request }) => {
        sent = ((await request.json()) as { phone_number: string }).phone_number;
        return HttpResponse.json({ success: false, code: 'invalid_credentials', message: 'Wrong phone number or password.' }, { status: 401 });
      }),
    );
    const email = `${'a'.repeat(64)}@${'b'.repeat(181)}.example`;
    expect(email).toHaveLength(254);
    const { user } = renderApp('/login');
    const field = await screen.findByLabelText('Phone number or e-mail');
    await user.click(field);
    await user.paste(`${email}xyz`);
    expect(field).toHaveValue(email);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(sent).toBe(email));
  });

  it('sends admins to /dashboard', async () => {
    const redirect = vi.spyOn(navigation, 'hardRedirect').mockImplementation(() => undefined);
    const admin = { ...apiUser, is_admin: true };
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ success: true, token: 't', user: admin })),
      http.get('*/api/user/3', () => HttpResponse.json({ success: true, data: admin })),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Phone number or e-mail'), 'boss@shwe.mm');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/dashboard'), { timeout: 3000 });
  });

  it('shows the Login Failed dialog and the server message', async () => {
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json({ success: false, message: 'The phone number, email or password is incorrect.' }, { status: 401 }),
      ),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Phone number or e-mail'), '09111222333');
    await user.type(screen.getByLabelText('Password'), 'wrong1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Login Failed' });
    await user.click(within(dialog).getByRole('button', { name: 'try again !' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The phone number, email or password is incorrect.');
    expect(getSession().token).toBeUndefined();
  });
});

describe('register', () => {
  it('checks every field and clears an error when the field is edited', async () => {
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'k');
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail (optional)'), 'bad');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.type(screen.getByLabelText('Confirm password'), '124');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('omits an empty e-mail and leads to /login on success', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/register', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: 'Registered', user: apiUser }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/register');
    await user.type(await screen.findByLabelText('Username'), 'kyaw');
    await user.type(screen.getByLabelText('Phone number'), '09111222333');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register Successful' });
    expect(sent).toEqual({
      username: 'kyaw',
      phone_number: '09111222333',
      password: 'secret1',
      password_confirmation: 'secret1',
      captcha_token: expect.stringMatching(/^solved-/) as unknown,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Go To Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows per-field server errors with the failure dialog', async () => {
    server.use(
      http.post('*/api/register', () =>
        HttpResponse.json(
          { success: false, message: 'The given data was invalid.', errors: { phone_number: ['This phone number is already registered', 'x'] } },
          { status: 422 },
        ),
      ),
    );
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Username'), 'kyaw');
    await user.type(screen.getByLabelText('Phone number'), '09111222333');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Create Account Failed' });
    await user.click(within(dialog).getByRole('button', { name: 'try again !' }));
    expect(screen.getByText('This phone number is already registered')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The given data was invalid.');
  });

  it('says when the server refuses the captcha, without the failure dialog, in both languages', async () => {
    const tokens: unknown[] = [];
    let answer = { code: 'captcha_invalid', message: 'reCAPTCHA verification failed. Please try again.' };
    server.use(
      http.post('*/api/register', async ({ request }) => {
        tokens.push(((await request.json()) as { captcha_token?: unknown }).captcha_token);
        return HttpResponse.json({ success: false, ...answer, errors: { captcha: [answer.message] } }, { status: 422 });
      }),
    );
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Username'), 'kyaw');
    await user.type(screen.getByLabelText('Phone number'), '09111222333');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('reCAPTCHA verification failed. Please try again.'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await changeLanguage('my');
    answer = { code: 'captcha_expired', message: 'The security check expired. Please verify again.' };
    await user.click(screen.getByRole('button', { name: my.auth.register.submit }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(my.captcha.expired));
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).not.toEqual(tokens[1]);
  });
});

describe('login after failed logins', () => {
  it('sends a captcha once the server asks for one, and says so in both languages', async () => {
    const sent: Record<string, unknown>[] = [];
    const answers = [
      HttpResponse.json({ success: false, message: 'The phone number, email or password is incorrect.', captcha_required: true }, { status: 401 }),
      HttpResponse.json({ success: false, message: 'The phone number, email or password is incorrect.', captcha_required: true }, { status: 401 }),
      HttpResponse.json({ success: true, token: 'tok-3', user: apiUser }),
    ];
    const redirect = vi.spyOn(navigation, 'hardRedirect').mockImplementation(() => undefined);
    server.use(
      http.post('*/api/login', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return answers.shift();
      }),
      http.get('*/api/user/3', () => HttpResponse.json({ success: true, data: apiUser })),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Phone number or e-mail'), '09111222333');
    await user.type(screen.getByLabelText('Password'), 'wrong1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Login Failed' });
    await user.click(within(dialog).getByRole('button', { name: 'try again !' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Login Failed' })).getByRole('button', { name: 'try again !' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/home'));
    expect(sent[0]).not.toHaveProperty('captcha_token');
    expect(sent[1]?.captcha_token).toMatch(/^solved-/);
    expect(sent[2]?.captcha_token).toMatch(/^solved-/);
    expect(sent[2]?.captcha_token).not.toEqual(sent[1]?.captcha_token);
  });

  it('asks for one more press when the account failed elsewhere', async () => {
    const sent: Record<string, unknown>[] = [];
    const refuse = () =>
      HttpResponse.json(
        { success: false, code: 'captcha_required', message: 'Please complete the security check.', errors: { captcha: ['Please complete the security check.'] } },
        { status: 422 },
      );
    const answers = [refuse(), HttpResponse.json({ success: false, message: 'The phone number, email or password is incorrect.' }, { status: 401 })];
    server.use(
      http.post('*/api/login', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return answers.shift();
      }),
    );
    await changeLanguage('my');
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText(my.auth.fields.loginId), '09111222333');
    await user.type(screen.getByLabelText(my.auth.fields.password), 'secret1');
    await user.click(screen.getByRole('button', { name: my.auth.login.submit }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(my.captcha.retry));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: my.auth.login.submit }));
    await screen.findByRole('alertdialog', { name: my.auth.login.failedTitle });
    expect(sent[0]).not.toHaveProperty('captcha_token');
    expect(sent[1]?.captcha_token).toMatch(/^solved-/);
  });
});
