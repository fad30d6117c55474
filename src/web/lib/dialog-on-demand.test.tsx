// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, Dialog } from '../components/ui';
import { type DialogOnDemand, dialogOnDemand, preloadOnIntent } from './dialog-on-demand';

afterEach(cleanup);

interface NoteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function NoteDialog({ open, onOpenChange }: NoteProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Note">
      <input aria-label="Note text" />
    </Dialog>
  );
}

/** A dialog module that arrives when the test says, counting how often it was asked for. */
function deferredModule() {
  let arrive: () => void = () => {};
  const arrived = new Promise<{ NoteDialog: typeof NoteDialog }>((resolve) => {
    arrive = () => resolve({ NoteDialog });
  });
  const importer = vi.fn(() => arrived);
  return { importer, arrive: () => act(async () => arrive()) };
}

function Screen({ Note }: { Note: DialogOnDemand<NoteProps> }) {
  const [open, setOpen] = useState(false);
  return (
    <div {...preloadOnIntent(Note)}>
      <Button onClick={() => setOpen(true)}>Add note</Button>
      <Note open={open} onOpenChange={setOpen} />
    </div>
  );
}

const noteOnDemand = (importer: () => Promise<{ NoteDialog: typeof NoteDialog }>) =>
  dialogOnDemand(
    importer,
    (m) => m.NoteDialog,
    ({ open }) => open,
  );

describe('dialogOnDemand', () => {
  it('loads nothing until the dialog is opened, then shows it with the focus inside', async () => {
    const code = deferredModule();
    render(<Screen Note={noteOnDemand(code.importer)} />);
    expect(code.importer).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await code.arrive();

    const dialog = await screen.findByRole('dialog', { name: 'Note' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(screen.queryByRole('status')).toBeNull();
    expect(code.importer).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByRole('dialog', { name: 'Note' })).toBeTruthy();
    expect(code.importer).toHaveBeenCalledTimes(1);
  });

  it('starts loading once when the user first points at or focuses the screen', async () => {
    const code = deferredModule();
    render(<Screen Note={noteOnDemand(code.importer)} />);
    const button = screen.getByRole('button', { name: 'Add note' });

    fireEvent.pointerOver(button);
    fireEvent.focus(button);
    expect(code.importer).toHaveBeenCalledTimes(1);
    await code.arrive();

    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Note' })).toBeTruthy();
    expect(code.importer).toHaveBeenCalledTimes(1);
  });

  it('asks again on the next opening when the code could not be downloaded', async () => {
    const importer = vi
      .fn<() => Promise<{ NoteDialog: typeof NoteDialog }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ NoteDialog });
    const Note = noteOnDemand(importer);
    Note.preload();
    await waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
    await act(async () => {});
    render(<Screen Note={Note} />);

    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByRole('dialog', { name: 'Note' })).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
