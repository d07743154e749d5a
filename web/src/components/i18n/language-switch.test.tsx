import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { renderApp, signInAs } from '@/testing/test-utils';

describe('language switch', () => {
  it('switches visible text to Burmese and remembers it', async () => {
    signInAs();
    const { user } = renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Available Our Store' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'မြန်မာ' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'ကျွန်ုပ်တို့ဆိုင်တွင် ရရှိနိုင်သည်များ' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'လက်ကျန်ငွေ' })).toHaveTextContent('0 ကျပ်');
    expect(screen.getByRole('button', { name: 'မြန်မာ' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('my');
    expect(document.documentElement.lang).toBe('my');

    // Myanmar digits are a Burmese reader's choice, off until chosen.
    const digits = screen.getByRole('checkbox', { name: 'မြန်မာ ဂဏန်းများ (၁၂၃) ဖြင့် ပြရန်' });
    expect(digits).not.toBeChecked();
    await user.click(digits);
    expect(localStorage.getItem('digits')).toBe('myanmar');
    await user.click(digits);
    expect(localStorage.getItem('digits')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Available Our Store' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(screen.queryByRole('checkbox', { name: /digits|ဂဏန်း/ })).not.toBeInTheDocument();
  });
});
