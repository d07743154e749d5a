import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { UpdatePrompt } from '@/features/pwa/components/update-prompt';
import { changeLanguage } from '@/lib/i18n';
import { announceUpdate } from '@/lib/service-worker';
import { renderWithProviders } from '@/testing/test-utils';

afterEach(() => announceUpdate(null));

describe('UpdatePrompt', () => {
  it('appears only when a new build waits, and its button lets that build take over', async () => {
    renderWithProviders(<UpdatePrompt />);
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();

    const postMessage = vi.fn();
    act(() => announceUpdate({ postMessage } as unknown as ServiceWorker));
    expect(screen.getByRole('status')).toHaveTextContent('A new version of the app is available.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('speaks Burmese to a Burmese reader', async () => {
    await act(() => changeLanguage('my'));
    renderWithProviders(<UpdatePrompt />);
    act(() => announceUpdate({ postMessage: vi.fn() } as unknown as ServiceWorker));
    expect(screen.getByRole('status')).toHaveTextContent('အက်ပ်ဗားရှင်းအသစ် ရနိုင်ပါပြီ။');
    expect(screen.getByRole('button', { name: 'ပြန်ဖွင့်ရန်' })).toBeVisible();
    await act(() => changeLanguage('en'));
  });
});
