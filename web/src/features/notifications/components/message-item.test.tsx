import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { InboxMessage } from '@/features/notifications/api/messages';
import { MessageItem } from '@/features/notifications/components/message-item';
import { changeLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/test-utils';

// The store writes its own messages as codes and parameters
// (docs/architecture.md#the-api-contract): the panel words them in the UI
// language and words them again when the customer switches.
const failed: InboxMessage = {
  id: 7,
  title: 'Order #1234 could not be delivered',
  body: 'PUBG 325 UC could not be delivered: wrong player id. 12,050 Ks has been returned to your wallet.',
  title_code: 'order_failed_title',
  body_code: 'order_failed_body',
  params: { order: '1234', product: 'PUBG 325 UC', reason: 'wrong player id', amount: 12050 },
  user_id: 1,
  created_at: new Date().toISOString(),
  is_read: true,
  product: null,
};

const noop = () => Promise.resolve();

describe('notification text from codes', () => {
  afterEach(async () => {
    await act(() => changeLanguage('en'));
  });

  it('re-words a store message when the language changes, amounts separated', async () => {
    renderWithProviders(<MessageItem message={failed} onRead={noop} onDelete={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Order #1234 could not be delivered' })).toBeInTheDocument();
    expect(screen.getByTestId('message-body')).toHaveTextContent('12,050 Ks has been returned to your wallet.');

    await act(() => changeLanguage('my'));
    expect(screen.getByRole('heading', { name: 'အော်ဒါ #1234 ကို ပို့ပေး၍ မရပါ' })).toBeInTheDocument();
    const body = screen.getByTestId('message-body');
    expect(body).toHaveTextContent('12,050 ကျပ်');
    expect(body).toHaveTextContent('wrong player id');
    expect(body).not.toHaveTextContent('Ks');
  });

  it('keeps an admin’s own words, and the server’s words for a code it does not know', async () => {
    const own = { ...failed, title: 'Hello', body: 'Welcome', title_code: null, body_code: null, params: null };
    const unknown = { ...failed, id: 8, title: 'ခေါင်းစဉ်', body: 'စာ', title_code: 'from_a_newer_server', body_code: null };
    renderWithProviders(
      <ul>
        <MessageItem message={own} onRead={noop} onDelete={() => undefined} />
        <MessageItem message={unknown} onRead={noop} onDelete={() => undefined} />
      </ul>,
    );
    await act(() => changeLanguage('my'));
    expect(screen.getByRole('heading', { name: 'Hello' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ခေါင်းစဉ်' })).toBeInTheDocument();
  });
});
