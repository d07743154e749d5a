import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccountSettings } from '@/features/account/components/account-settings';
import { getStoredUser } from '@/lib/session';
import { changeLanguage } from '@/lib/i18n';
import { server } from '@/testing/mocks/server';
import { renderApp, renderWithProviders, signInAs } from '@/testing/test-utils';
import type { Session } from '@/types/api';

const session = (id: number, current: boolean, extra: Partial<Session> = {}): Session => ({
  id,
  browser: 'Chrome 131',
  os: 'Android 14',
  device: 'phone',
  ip: '203.0.113.9',
  created_at: '2026-11-20T10:00:00Z',
  last_used_at: '2026-11-24T09:00:00Z',
  current,
  ...extra,
});

/** The server's answer to a wrong current password on any settings form. */
const wrongPassword = () =>
  HttpResponse.json(
    {
      success: false,
      code: 'wrong_password',
      message: 'The current password is incorrect.',
      errors: { current_password: ['The current password is incorrect.'] },
      codes: { current_password: ['wrong_password'] },
    },
    { status: 422 },
  );

let sessions: Session[];
let revoked: string[];

beforeEach(() => {
  sessions = [session(1, true, { browser: 'Safari 17', os: 'iOS 17.4' }), session(2, false), session(3, false, { browser: '', os: '', device: '', ip: null })];
  revoked = [];
  server.use(
    http.get('*/api/account/sessions', () => HttpResponse.json({ success: true, data: sessions })),
    http.delete('*/api/account/sessions/:id', ({ params }) => {
      revoked.push(String(params.id));
      sessions = sessions.filter((item) => String(item.id) !== params.id);
      return HttpResponse.json({ success: true, data: { revoked: 1 } });
    }),
    http.post('*/api/account/sessions/revoke-others', () => {
      revoked.push('others');
      const n = sessions.filter((item) => !item.current).length;
      sessions = sessions.filter((item) => item.current);
      return HttpResponse.json({ success: true, data: { revoked: n } });
    }),
  );
});

describe('AccountSettings', () => {
  it('lists the sessions with this device marked, and signs out one and then every other', async () => {
    const me = signInAs();
    const { user } = renderWithProviders(<AccountSettings user={me} />);
    const list = await screen.findByRole('list', { name: "Where you're signed in" });
    const rows = await within(list).findAllByTestId('session');
    const row = (index: number) => rows[index] as HTMLElement;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Safari 17 · iOS 17.4');
    expect(rows[0]).toHaveTextContent('This device');
    expect(within(row(0)).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('203.0.113.9');
    expect(rows[2]).toHaveTextContent('Unknown browser');
    expect(rows[2]).toHaveTextContent('IP address: unknown');

    await user.click(within(row(1)).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('1 device was signed out.')).toBeInTheDocument();
    expect(revoked).toEqual(['2']);
    await waitFor(() => expect(within(list).getAllByTestId('session')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('1 device was signed out.')).toBeInTheDocument();
    expect(revoked).toEqual(['2', 'others']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument());
  });

  it("shows the server's refusal of a password change under the field, in the UI language", async () => {
    server.use(http.put('*/api/account/password', () => wrongPassword()));
    const me = signInAs();
    const { user } = renderWithProviders(<AccountSettings user={me} />);
    let card = screen.getByRole('region', { name: 'Change password' });
    await user.type(within(card).getByLabelText('Current password'), 'wrong-one');
    await user.type(within(card).getByLabelText('New password'), 'abc');
    await user.type(within(card).getByLabelText('Confirm new password'), 'abc');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    // Too short: refused before any request.
    expect(await within(card).findByText('Password must be at least 6 characters')).toBeInTheDocument();

    await act(() => changeLanguage('my'));
    card = screen.getByRole('region', { name: 'စကားဝှက် ပြောင်းရန်' });
    await user.clear(within(card).getByLabelText('စကားဝှက် အသစ်'));
    await user.type(within(card).getByLabelText('စကားဝှက် အသစ်'), 'new-secret');
    await user.clear(within(card).getByLabelText('စကားဝှက် အသစ်ကို အတည်ပြုပါ'));
    await user.type(within(card).getByLabelText('စကားဝှက် အသစ်ကို အတည်ပြုပါ'), 'new-secret');
    await user.click(within(card).getByRole('button', { name: 'စကားဝှက် ပြောင်းမည်' }));
    expect(await within(card).findByText('လက်ရှိ စကားဝှက် မှားနေပါသည်။')).toBeInTheDocument();
    await act(() => changeLanguage('en'));
  });

  it('asks for the current password before a code goes to a new phone number, and shows a wrong one under it', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      http.post('*/api/account/phone/code', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        asked.push(body);
        if (body.current_password !== 'right-secret') {
          return wrongPassword();
        }
        return HttpResponse.json({ success: true, data: { phone_number: '+959791234008', expires_in: 600, resend_in: 60 } });
      }),
    );
    const me = signInAs();
    const { user } = renderWithProviders(<AccountSettings user={me} />);
    const card = screen.getByRole('region', { name: 'Phone number' });
    await user.type(within(card).getByLabelText('New phone number'), '09791234008');
    await user.click(within(card).getByRole('button', { name: 'Send code' }));
    // No password: refused before any request (no SMS spent).
    expect(await within(card).findByText('Please enter your current password')).toBeInTheDocument();
    expect(asked).toEqual([]);

    await user.type(within(card).getByLabelText('Current password'), 'wrong-one');
    await user.click(within(card).getByRole('button', { name: 'Send code' }));
    expect(await within(card).findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(asked).toEqual([{ phone_number: '09791234008', current_password: 'wrong-one' }]);

    await user.clear(within(card).getByLabelText('Current password'));
    await user.type(within(card).getByLabelText('Current password'), 'right-secret');
    await user.click(within(card).getByRole('button', { name: 'Send code' }));
    expect(await within(card).findByText('We sent a 6-digit code to +959791234008.')).toBeInTheDocument();
    expect(asked[1]).toEqual({ phone_number: '09791234008', current_password: 'right-secret' });
  });

  it("applies the account's language at sign-in and saves a switch to the account", async () => {
    let saved: string | undefined;
    server.use(
      http.put('*/api/account/locale', async ({ request }) => {
        saved = ((await request.json()) as { locale: string }).locale;
        return HttpResponse.json({ success: true, data: { ...getStoredUser(), locale: saved } });
      }),
    );
    signInAs({ locale: 'my' });
    const { user } = renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'ကျွန်ုပ်တို့ဆိုင်တွင် ရရှိနိုင်သည်များ' })).toBeInTheDocument();
    expect(saved).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'မီနူးကို ဖွင့်ရန်' }));
    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(saved).toBe('en'));
    await waitFor(() => expect(getStoredUser()?.locale).toBe('en'));
  });
});
