import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useLockBodyScroll } from '@/hooks/use-lock-body-scroll';

function Lock() {
  useLockBodyScroll(true);
  return null;
}

describe('useLockBodyScroll', () => {
  it('keeps the page locked until the last of overlapping locks is gone', () => {
    document.body.style.overflow = 'auto';
    const panel = render(<Lock />);
    const dialog = render(<Lock />);
    expect(document.body.style.overflow).toBe('hidden');
    panel.unmount();
    expect(document.body.style.overflow).toBe('hidden');
    dialog.unmount();
    expect(document.body.style.overflow).toBe('auto');
  });
});
