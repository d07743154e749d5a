import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { PreviewCarousel } from '@/features/products/components/preview-carousel';
import { SWIPE_THRESHOLD_PX } from '@/hooks/use-swipe';
import { product } from '@/testing/data';
import { renderWithProviders } from '@/testing/test-utils';

const account = product({ name: 'Grandmaster account', service: { name: 'Account', name_my: 'အကောင့်', slug: 'account', kind: 'account' }, preview_img: ['/1.svg', '/2.svg', '/3.svg'] });

function open() {
  const view = renderWithProviders(<PreviewCarousel product={account} onClose={vi.fn()} onBuy={vi.fn()} />);
  return { ...view, stage: screen.getByTestId('carousel-stage') };
}

/** A one-finger swipe: down at `fromX`, a move halfway, up at `toX`. */
function swipe(stage: HTMLElement, fromX: number, toX: number, { dy = 0, cancel = false } = {}) {
  const base = { pointerId: 7, pointerType: 'touch', clientY: 300 };
  fireEvent.pointerDown(stage, { ...base, clientX: fromX });
  fireEvent.pointerMove(stage, { ...base, clientX: (fromX + toX) / 2 });
  if (cancel) fireEvent.pointerCancel(stage, { ...base, clientX: toX, clientY: 300 + dy });
  else fireEvent.pointerUp(stage, { ...base, clientX: toX, clientY: 300 + dy });
}

const shown = () => screen.getByText(/^Image \d of 3$/).textContent;

describe('preview carousel', () => {
  it('goes to the next image on a swipe left and back on a swipe right, wrapping around', () => {
    const { stage } = open();
    expect(shown()).toBe('Image 1 of 3');
    swipe(stage, 300, 300 - SWIPE_THRESHOLD_PX - 10);
    expect(shown()).toBe('Image 2 of 3');
    expect(screen.getByRole('img', { name: 'Image 2 of 3' })).toHaveAttribute('src', '/2.svg');
    swipe(stage, 100, 100 + SWIPE_THRESHOLD_PX + 10);
    swipe(stage, 100, 300);
    expect(shown()).toBe('Image 3 of 3');
  });

  it('ignores short drags, mostly vertical moves and cancelled gestures', () => {
    const { stage } = open();
    swipe(stage, 300, 300 - SWIPE_THRESHOLD_PX + 5);
    swipe(stage, 300, 200, { dy: 180 });
    swipe(stage, 300, 100, { cancel: true });
    expect(shown()).toBe('Image 1 of 3');
  });

  it('follows the finger while dragging and springs back after', () => {
    const { stage } = open();
    const base = { pointerId: 3, pointerType: 'touch', clientY: 300 };
    fireEvent.pointerDown(stage, { ...base, clientX: 300 });
    fireEvent.pointerMove(stage, { ...base, clientX: 270 });
    expect(screen.getByRole('img', { name: 'Image 1 of 3' })).toHaveStyle({ transform: 'translateX(-30px)' });
    fireEvent.pointerUp(stage, { ...base, clientX: 270 });
    expect(screen.getByRole('img', { name: 'Image 1 of 3' }).style.transform).toBe('');
  });

  it('still works with the buttons and the arrow keys', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shown()).toBe('Image 2 of 3');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('Image 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('Image 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shown()).toBe('Image 3 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toBe('Image 2 of 3');
  });
});
