import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { renderWithProviders } from '@/testing/test-utils';

/** A page with a button that opens a dialog, which can open a confirm on top of it. */
function Page({ autoFocusOk = false }: { autoFocusOk?: boolean }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Edit name</Button>
      <a href="#elsewhere">A link behind the dialog</a>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Your name"
        actions={
          <>
            <Button onClick={() => setConfirming(true)}>Delete</Button>
            <Button autoFocus={autoFocusOk} onClick={() => setOpen(false)}>
              Save
            </Button>
          </>
        }
      >
        <label>
          Name <input />
        </label>
      </Dialog>
      <ConfirmDialog open={confirming} onClose={() => setConfirming(false)} title="Delete it?" confirmLabel="Yes" cancelLabel="No" onConfirm={async () => {}} />
    </>
  );
}

describe('useFocusTrap (the dialogs)', () => {
  it('moves focus in on open, keeps Tab and Shift+Tab inside, and returns focus to the opener on Escape', async () => {
    const { user } = renderWithProviders(<Page />);
    const opener = screen.getByRole('button', { name: 'Edit name' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Your name' });
    const close = screen.getByRole('button', { name: 'Close' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(close).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('returns focus to the opener when a child took focus with autoFocus and the dialog closes by a button', async () => {
    const { user } = renderWithProviders(<Page autoFocusOk />);
    const opener = screen.getByRole('button', { name: 'Edit name' });
    await user.click(opener);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('a dialog opened from a dialog traps on top and gives focus back to the button inside the first', async () => {
    const { user } = renderWithProviders(<Page />);
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    const remove = await screen.findByRole('button', { name: 'Delete' });
    await user.click(remove);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete it?' });
    for (let step = 0; step < 4; step += 1) {
      await user.tab();
      expect(confirm).toContainElement(document.activeElement as HTMLElement);
    }
    await user.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(remove).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Your name' })).toBeInTheDocument();
  });
});
