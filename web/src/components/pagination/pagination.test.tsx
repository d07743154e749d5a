import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { Pagination } from '@/components/pagination/pagination';
import { renderWithProviders } from '@/testing/test-utils';

function setWidth(wide: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: wide && query.includes('min-width: 640px'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('Pagination', () => {
  it('on a phone: the page text, previous/next and 3 numbers, no First/Last', async () => {
    setWidth(false);
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Pagination currentPage={5} lastPage={10} onChange={onChange} />);
    expect(screen.getByText('Current Page: 5 of 10')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => button.textContent)).toEqual(['4', '5', '6']);
    expect(screen.queryByRole('button', { name: 'First' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(6);
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
  });

  it('from 640px: 5 numbers and First/Last, disabled at the ends', async () => {
    setWidth(true);
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Pagination currentPage={1} lastPage={8} onChange={onChange} />);
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'First' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Last' }));
    expect(onChange).toHaveBeenCalledWith(8);
  });
});
