import { screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';

import { PaymentQr } from '@/features/topup/components/payment-qr';
import { qrText } from '@/features/topup/utils/qr-text';
import { renderWithProviders } from '@/testing/test-utils';

/** Reads a QR code back from the path PaymentQr drew: each "M x y" is a dark module; rasterised and decoded by jsQR. */
function decode(path: string, box: number): string | undefined {
  const scale = 4;
  const width = box * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }
  return jsQR(pixels, width, width)?.data;
}

describe('the receiving account as a QR code', () => {
  it('encodes the configured number, named for screen readers', async () => {
    renderWithProviders(<PaymentQr phone="09 000-000 111" methodName="KBZPay" />);
    const qr = await screen.findByRole('img', { name: 'QR code of the KBZPay number 09000000111' });
    const box = Number(qr.getAttribute('viewBox')?.split(' ')[2]);
    const path = screen.getByTestId('qr-modules').getAttribute('d') ?? '';
    expect(decode(path, box)).toBe('09000000111');
  });

  it('keeps a leading + and drops spacing', () => {
    expect(qrText('+95 9 000 000 222')).toBe('+959000000222');
  });
});
