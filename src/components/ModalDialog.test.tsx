import { DialogContent } from '@mui/material';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModalDialog } from './ModalDialog';

describe('ModalDialog', () => {
  it('ignores Escape and clicks outside; only its own buttons close it', async () => {
    const onClose = vi.fn();
    render(
      <ModalDialog open onClose={onClose}>
        <DialogContent>Choose the order type</DialogContent>
      </ModalDialog>,
    );
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await user.click(backdrop!);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('Choose the order type')).toBeVisible();
  });
});
