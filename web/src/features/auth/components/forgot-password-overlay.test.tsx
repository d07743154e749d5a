import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { setCaptchaFactory } from '@/lib/captcha';
import { changeLanguage } from '@/lib/i18n';
import my from '@/locales/my.json';
import { fakeCaptcha } from '@/testing/fake-captcha';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const PHONE = '+959123456789';
const PHONE_LABEL = 'Phone number';

function mockReset(options: { sent?: object; verify?: () => Response; reset?: () => Response } = {}) {
  const calls: { path: string; body: unknown }[] = [];
  const record = async (path: string, request: Request) => calls.push({ path, body: await request.json() });
  server.use(
    http.post('*/api/otp/send', async ({ request }) => {
      await record('send', request);
      return HttpResponse.json({ success: true, message: 'Verification code sent.', data: options.sent });
    }),
    http.post('*/api/otp/verify', async ({ request }) => {
      await record('verify', request);
      return options.verify?.() ?? HttpResponse.json({ success: true, data: { reset_token: 'rt-1' } });
    }),
    http.post('*/api/reset-password-phone', async ({ request }) => {
      await record('reset', request);
      return options.reset?.() ?? HttpResponse.json({ success: true, message: 'Password Reset Successful' });
    }),
  );
  return calls;
}

const otpFailure = (code: string, message: string) =>
  HttpResponse.json({ success: false, message, code: code, errors: { code: [message] } }, { status: 422 });

async function openOverlay() {
  const utils = renderApp('/login');
  await utils.user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
  const send = within(dialog).getByRole('button', { name: 'Send Code' });
  await waitFor(() => expect(send).toBeEnabled()); // the stand-in captcha is ready at once
  return { ...utils, dialog };
}

async function toStep2(user: Awaited<ReturnType<typeof openOverlay>>['user'], dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText(PHONE_LABEL), PHONE);
  await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
  return within(dialog).findByLabelText('Verification code');
}

describe('forgot-password overlay', () => {
  it('walks phone → code → new password → success, with our own API', async () => {
    const calls = mockReset();
    const { user, dialog, router } = await openOverlay();
    expect(within(dialog).getByPlaceholderText('+959123456789')).toBeInTheDocument();

    const code = await toStep2(user, dialog);
    const verify = within(dialog).getByRole('button', { name: 'Verify' });
    await user.type(code, '12345');
    expect(verify).toBeDisabled();
    await user.type(code, '6');
    expect(verify).toBeEnabled();
    await user.click(verify);

    await user.type(await within(dialog).findByLabelText('New password'), 'newpass1');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'newpass1');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

    const done = await screen.findByRole('dialog', { name: 'Password Reset Successful' });
    expect(calls).toEqual([
      { path: 'send', body: { phone_number: PHONE, captcha_token: expect.stringMatching(/^solved-/) as unknown } },
      { path: 'verify', body: { phone_number: PHONE, code: '123456' } },
      { path: 'reset', body: { phone_number: PHONE, password: 'newpass1', password_confirmation: 'newpass1', reset_token: 'rt-1' } },
    ]);
    await user.click(within(done).getByRole('button', { name: 'Login Again' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('validates step 1: e-mail only warns, bad phones are refused', async () => {
    const calls = mockReset();
    const { user, dialog } = await openOverlay();
    const field = within(dialog).getByLabelText(PHONE_LABEL);
    await user.type(field, 'mg@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    const warning = await screen.findByRole('alertdialog', { name: 'E-mail not supported yet' });
    await user.click(within(warning).getByRole('button', { name: 'OK' }));

    await user.clear(field);
    await user.type(field, '0912');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid phone number');
    expect(calls).toEqual([]);
  });

  it('takes the number as customers type it (09…) and goes on with the one the server read', async () => {
    const calls = mockReset({ sent: { phone_number: PHONE, expires_in: 600, resend_in: 60 } });
    const { user, dialog } = await openOverlay();
    expect(within(dialog).getByText('For example 09123456789 or +959123456789.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(PHONE_LABEL), '09 123-456-789');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    const code = await within(dialog).findByLabelText('Verification code');
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await user.type(await within(dialog).findByLabelText('New password'), 'newpass1');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'newpass1');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    await screen.findByRole('dialog', { name: 'Password Reset Successful' });
    expect(calls.map((call) => (call.body as { phone_number: string }).phone_number)).toEqual(['09123456789', PHONE, PHONE]);
  });

  it('Back from 2 clears the code; Back from 3 clears both passwords', async () => {
    mockReset();
    const { user, dialog } = await openOverlay();
    let code = await toStep2(user, dialog);
    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText(PHONE_LABEL)).toHaveValue(PHONE);
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    code = await within(dialog).findByLabelText('Verification code');
    expect(code).toHaveValue('');

    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    const password = await within(dialog).findByLabelText('New password');
    await user.type(password, 'abcdef');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'abcdeg');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Passwords do not match');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await within(dialog).findByLabelText('Verification code')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByLabelText('New password')).toHaveValue('');
    expect(within(dialog).getByLabelText('Confirm new password')).toHaveValue('');
  });

  it('an expired code returns to step 1; a wrong code stays on step 2', async () => {
    let answer = otpFailure('otp_invalid', 'Invalid verification code. Please check and try again.');
    mockReset({ verify: () => answer });
    const { user, dialog } = await openOverlay();
    const code = await toStep2(user, dialog);
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid verification code. Please check and try again.');
    answer = otpFailure('otp_expired', 'Verification code expired. Please request a new code.');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByLabelText(PHONE_LABEL)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Verification code expired. Please request a new code.');
  });

  it("'phone number not found' on reset returns to step 1", async () => {
    mockReset({
      reset: () =>
        HttpResponse.json({ success: false, message: 'phone number not found', code: 'phone_not_found' }, { status: 404 }),
    });
    const { user, dialog } = await openOverlay();
    await user.type(await toStep2(user, dialog), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await user.type(await within(dialog).findByLabelText('New password'), 'abcdef');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'abcdef');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByLabelText(PHONE_LABEL)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('phone number not found');
  });

  it('shows docs/spec.md texts for throttling and invalid formats on send', async () => {
    let answer: Response = HttpResponse.json(
      { success: false, message: 'Too many requests. Please try again later.', code: 'too_many_requests' },
      { status: 429, headers: { 'Retry-After': '60' } },
    );
    server.use(http.post('*/api/otp/send', () => answer));
    const { user, dialog } = await openOverlay();
    await user.type(within(dialog).getByLabelText(PHONE_LABEL), PHONE);
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    answer = otpFailure('invalid_phone', 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Invalid phone number format. Please use +country_code format (e.g., +959123456789)',
      ),
    );
  });

  it('counts down to the next code, then offers to send a new one', async () => {
    let sends = 0;
    server.use(
      http.post('*/api/otp/send', () => {
        sends += 1;
        return HttpResponse.json({ success: true, data: { phone_number: PHONE, expires_in: 600, resend_in: 2 } });
      }),
    );
    const { user, dialog } = await openOverlay();
    await toStep2(user, dialog);
    expect(within(dialog).getByRole('timer')).toHaveTextContent('You can ask for a new code in 0:02.');
    expect(within(dialog).queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Send a new code' }, { timeout: 4000 }));
    await waitFor(() => expect(sends).toBe(2));
    expect(await within(dialog).findByRole('timer')).toBeInTheDocument();
  });

  it('says when a refused send may be tried again, and names a spent SMS budget and unserved countries', async () => {
    let answer: Response = HttpResponse.json(
      { success: false, message: 'Too many requests. Please try again later.', code: 'too_many_requests', retry_after: 3420 },
      { status: 429, headers: { 'Retry-After': '3420' } },
    );
    server.use(http.post('*/api/otp/send', () => answer));
    const { user, dialog } = await openOverlay();
    await user.type(within(dialog).getByLabelText(PHONE_LABEL), PHONE);
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    expect(await within(dialog).findByText('You can try again in 57:00.')).toBeInTheDocument();

    answer = HttpResponse.json(
      { success: false, message: 'We cannot send more codes right now. Please try again later.', code: 'sms_budget_spent', retry_after: 900 },
      { status: 429 },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('We cannot send more codes right now. Please try again later.'));

    answer = HttpResponse.json(
      { success: false, message: 'Phone numbers from this country are not supported.', code: 'phone_country_unsupported' },
      { status: 422 },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Phone numbers from this country are not supported.'));
  });

  it('keeps Send Code disabled until a configured captcha is ready, and resets it on close', async () => {
    let ready: () => void = () => undefined;
    const provider = {
      init: vi.fn(() => new Promise<void>((resolve) => (ready = resolve))),
      execute: vi.fn(() => Promise.resolve('captcha-token')),
      reset: vi.fn(),
    };
    setCaptchaFactory(() => provider);
    try {
      const { user } = renderApp('/login');
      await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
      const send = within(dialog).getByRole('button', { name: 'Send Code' });
      expect(send).toBeDisabled();
      await waitFor(() => expect(provider.init).toHaveBeenCalledWith(within(dialog).getByTestId('captcha-container')));
      ready();
      await waitFor(() => expect(send).toBeEnabled());
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(provider.reset).toHaveBeenCalled();
    } finally {
      setCaptchaFactory(fakeCaptcha);
    }
  });

  it('says when the server refuses the captcha, in both languages, and solves a new one for the next send', async () => {
    const tokens: unknown[] = [];
    let answer = HttpResponse.json(
      { success: false, code: 'captcha_used', message: 'reCAPTCHA verification failed. Please try again.' },
      { status: 422 },
    );
    server.use(
      http.post('*/api/otp/send', async ({ request }) => {
        tokens.push(((await request.json()) as { captcha_token?: unknown }).captcha_token);
        return answer;
      }),
    );
    const { user, dialog } = await openOverlay();
    await user.type(within(dialog).getByLabelText(PHONE_LABEL), PHONE);
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('reCAPTCHA verification failed. Please try again.'));

    await changeLanguage('my');
    answer = HttpResponse.json(
      { success: false, code: 'captcha_expired', message: 'The security check expired. Please verify again.' },
      { status: 422 },
    );
    await user.click(within(dialog).getByRole('button', { name: my.reset.sendCode }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(my.captcha.expired));
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).not.toEqual(tokens[1]);
  });
});
