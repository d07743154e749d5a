import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { GameInfoDialog } from '@/features/products/components/game-info-dialog';
import { product } from '@/testing/data';
import { renderWithProviders } from '@/testing/test-utils';

describe('Enter Your Game Info (docs/spec.md §2, §5)', () => {
  it('requires a numeric Game ID and a Server ID where the game uses one', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(<GameInfoDialog product={product()} onClose={vi.fn()} onConfirm={onConfirm} />);
    expect(screen.getByRole('dialog', { name: 'Enter Your Game Info' })).toBeInTheDocument();
    // The all-in price is said before the confirm page, service charge included.
    expect(screen.getByTestId('game-info-total')).toHaveTextContent(`Total ${(product().price + 50).toLocaleString('en-US')} Ks, incl. 50 Ks service charge`);
    expect(screen.getByText(/check your Game ID and Server ID carefully/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Game ID'), '   ');
    await user.click(screen.getByRole('button', { name: 'Confirm Info' }));
    expect(screen.getByText('⚠️ Game ID is required.')).toBeInTheDocument();
    expect(screen.getByText('⚠️ Server ID is required.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Game ID'));
    await user.type(screen.getByLabelText('Game ID'), '12ab');
    await user.type(screen.getByLabelText('Server ID'), '2001');
    await user.click(screen.getByRole('button', { name: 'Confirm Info' }));
    expect(screen.getByText('⚠️ Game ID must contain numbers only.')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Game ID'));
    await user.type(screen.getByLabelText('Game ID'), ' ၁၂၃၄၅ ');
    await user.click(screen.getByRole('button', { name: 'Confirm Info' }));
    expect(onConfirm).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), { gameUid: '12345', serverId: '2001' });
  });

  it('opens the game\'s "Where is my ID?" picture and closes it again', async () => {
    const game = { id: 1, name: 'Mobile Legends', name_my: 'မိုဘိုင်းလယ်ဂျင်း', slug: 'mobile-legends', id_help_url: '/media/help/mobile-legends.svg' };
    const { user } = renderWithProviders(<GameInfoDialog product={product({ game })} onClose={vi.fn()} onConfirm={vi.fn()} />);
    const help = screen.getByRole('button', { name: 'Where is my ID?' });
    expect(help).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('img', { name: 'Where Mobile Legends shows your player ID' })).not.toBeInTheDocument();
    await user.click(help);
    expect(help).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('img', { name: 'Where Mobile Legends shows your player ID' })).toHaveAttribute('src', '/media/help/mobile-legends.svg');
    await user.click(help);
    expect(screen.queryByRole('img', { name: 'Where Mobile Legends shows your player ID' })).not.toBeInTheDocument();
  });

  it('offers no ID help for a game without a picture', () => {
    renderWithProviders(<GameInfoDialog product={product()} onClose={vi.fn()} onConfirm={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Where is my ID?' })).not.toBeInTheDocument();
  });

  it('hides Server ID for pubg-coin', () => {
    renderWithProviders(
      <GameInfoDialog
        product={product({ uses_server_id: true, game: { id: 2, name: 'PUBG Mobile UC', name_my: '', slug: 'pubg-coin', id_help_url: '' } })}
        onClose={vi.fn()}
        onConfirm={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Game ID')).toBeInTheDocument();
    expect(screen.queryByLabelText('Server ID')).not.toBeInTheDocument();
  });

  it('hides Server ID for any game the API says needs none', () => {
    renderWithProviders(<GameInfoDialog product={product({ uses_server_id: false })} onClose={vi.fn()} onConfirm={vi.fn()} />);
    expect(screen.queryByLabelText('Server ID')).not.toBeInTheDocument();
  });
  it('fills in the game id and server last bought with for the same game', async () => {
    localStorage.clear();
    const first = renderWithProviders(<GameInfoDialog product={product()} onClose={vi.fn()} onConfirm={vi.fn()} />);
    await first.user.type(screen.getByLabelText('Game ID'), '123456');
    await first.user.type(screen.getByLabelText('Server ID'), '2001');
    await first.user.click(screen.getByRole('button', { name: 'Confirm Info' }));
    first.unmount();
    const onConfirm = vi.fn();
    const again = renderWithProviders(<GameInfoDialog product={product({ id: 8 })} onClose={vi.fn()} onConfirm={onConfirm} />);
    expect(screen.getByLabelText('Game ID')).toHaveValue('123456');
    expect(screen.getByLabelText('Server ID')).toHaveValue('2001');
    await again.user.click(screen.getByRole('button', { name: 'Confirm Info' }));
    expect(onConfirm).toHaveBeenCalledWith(expect.objectContaining({ id: 8 }), { gameUid: '123456', serverId: '2001' });
    again.unmount();
    // Another game starts empty.
    renderWithProviders(<GameInfoDialog product={product({ game: { id: 2, name: 'Free Fire', name_my: '', slug: 'free-fire', id_help_url: '' } })} onClose={vi.fn()} onConfirm={vi.fn()} />);
    expect(screen.getByLabelText('Game ID')).toHaveValue('');
  });
});
