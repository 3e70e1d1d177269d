// The modal dialog (session popups, help): a native <dialog> opened with showModal, named by its
// title, focus on the title; Escape closes only when dismissable; focus returns on close.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { Modal } from './Modal.tsx';

// jsdom has HTMLDialogElement without showModal and close. A minimal stand-in: it only sets
// `open` (no top layer, no inert page, no events dispatched), enough for what Modal itself does.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** What a browser does on Escape in a modal dialog: a cancelable 'cancel' event on it. */
const pressEscapeIn = (dialog: HTMLElement) =>
  fireEvent(dialog, new Event('cancel', { cancelable: true }));

const Session = ({
  dismissable,
  onClose = () => {},
}: {
  dismissable?: boolean;
  onClose?: () => void;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="Do you want to continue?"
        dismissable={dismissable}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <p>Your session ends soon.</p>
        <button type="button" onClick={() => setOpen(false)}>
          Yes, continue
        </button>
      </Modal>
    </>
  );
};

describe('Modal', () => {
  it('renders nothing while closed', () => {
    renderScreen(<Session />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens as a modal dialog named by its title, with focus on the title', async () => {
    const user = userEvent.setup();
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    renderScreen(<Session />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Do you want to continue?' });
    expect(showModal).toHaveBeenCalledTimes(1);
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Do you want to continue?' }),
    );
  });

  it('calls onClose on Escape when dismissable, and keeps the browser from closing it itself', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderScreen(<Session onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    expect(pressEscapeIn(dialog)).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores Escape when not dismissable: onClose is not called and it stays open', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderScreen(<Session dismissable={false} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog') as HTMLDialogElement;
    expect(pressEscapeIn(dialog)).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('returns focus to the element focused before it opened when it closes', async () => {
    const user = userEvent.setup();
    renderScreen(
      <StrictMode>
        <Session />
      </StrictMode>,
    );
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    expect(document.activeElement).not.toBe(opener);
    await user.click(screen.getByRole('button', { name: 'Yes, continue' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus there after Escape too', async () => {
    const user = userEvent.setup();
    renderScreen(<Session />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    pressEscapeIn(screen.getByRole('dialog'));
    expect(document.activeElement).toBe(opener);
  });
});
