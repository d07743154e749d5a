import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { BalancePill } from '@/features/wallet/components/balance-pill';
import { renderWithProviders } from '@/testing/test-utils';

describe('BalancePill', () => {
  it('shows the amount with thousands separators and Ks', () => {
    renderWithProviders(<BalancePill amount={1234567} />);
    expect(screen.getByRole('status', { name: 'Balance' })).toHaveTextContent('1,234,567 Ks');
  });

  it('shows 0 Ks when the balance is not loaded', () => {
    renderWithProviders(<BalancePill />);
    expect(screen.getByRole('status', { name: 'Balance' })).toHaveTextContent('0 Ks');
  });

  it('rounds decimal strings from the server down', () => {
    renderWithProviders(<BalancePill amount="2500.75" />);
    expect(screen.getByRole('status', { name: 'Balance' })).toHaveTextContent('2,500 Ks');
  });
});
