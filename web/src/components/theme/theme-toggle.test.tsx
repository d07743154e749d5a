import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ThemeToggle } from '@/components/theme/theme-toggle';
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { mockColorScheme } from '@/testing/match-media';
import { renderWithProviders } from '@/testing/test-utils';

const html = document.documentElement;

describe('ThemeToggle', () => {
  it('defaults to the system preference', () => {
    mockColorScheme('dark');
    renderWithProviders(<ThemeToggle />);
    expect(html).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('uses light when the system prefers light', () => {
    mockColorScheme('light');
    renderWithProviders(<ThemeToggle />);
    expect(html).not.toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('flips the dark class and remembers the choice', async () => {
    const { user } = renderWithProviders(<ThemeToggle />);

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(html).toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(html).not.toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('prefers the saved theme over the system one', () => {
    mockColorScheme('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    renderWithProviders(<ThemeToggle />);
    expect(html).not.toHaveClass('dark');
  });
});
