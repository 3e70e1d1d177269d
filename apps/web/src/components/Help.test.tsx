// Tooltips and help popups (SPEC §2; §9 tooltip delays: enter 100 ms, touch 700 ms, leave touch
// 1500 ms): the content is reachable by keyboard and Escape hides it (WCAG 1.4.13).
import {
  TOOLTIP_ENTER_DELAY_MS,
  TOOLTIP_LEAVE_TOUCH_DELAY_MS,
  TOOLTIP_TOUCH_DELAY_MS,
} from '@eta-il/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { HelpPopup, Tooltip } from './Help.tsx';

// jsdom has HTMLDialogElement without showModal and close. A minimal stand-in: it only sets
// `open` (no top layer, no inert page, no events dispatched).
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  vi.useRealTimers();
});

const TEXT = 'As written in your passport, in Latin letters.';
const renderTooltip = () =>
  renderScreen(
    <>
      <Tooltip label="About the first name">{TEXT}</Tooltip>
      <button type="button">Elsewhere</button>
    </>,
  );
const button = () => screen.getByRole('button', { name: 'About the first name' });
const content = () => screen.getByRole('tooltip', { hidden: true });
const isShown = () =>
  content().classList.contains('is-open') && button().getAttribute('aria-expanded') === 'true';
const isHidden = () =>
  !content().classList.contains('is-open') && button().getAttribute('aria-expanded') === 'false';

describe('Tooltip', () => {
  it('is described by its content, so a screen reader reads it with the button', () => {
    renderTooltip();
    expect(screen.getByRole('button', { description: TEXT })).toBe(button());
    expect(button().getAttribute('aria-describedby')).toBe(content().id);
    expect(isHidden()).toBe(true);
  });

  it('shows when the button gets keyboard focus and hides when focus leaves', async () => {
    const user = userEvent.setup();
    renderTooltip();
    await user.tab();
    expect(document.activeElement).toBe(button());
    expect(isShown()).toBe(true);
    await user.tab();
    expect(isHidden()).toBe(true);
  });

  it('hides on Escape', async () => {
    const user = userEvent.setup();
    renderTooltip();
    await user.tab();
    expect(isShown()).toBe(true);
    await user.keyboard('{Escape}');
    expect(isHidden()).toBe(true);
    expect(document.activeElement).toBe(button());
  });

  it('shows on a click of the button (the focus it brings must not cancel it)', async () => {
    const user = userEvent.setup();
    renderTooltip();
    await user.click(button());
    expect(isShown()).toBe(true);
  });

  it('shows again on Enter after Escape hid it', async () => {
    const user = userEvent.setup();
    renderTooltip();
    await user.tab();
    await user.keyboard('{Escape}');
    expect(isHidden()).toBe(true);
    await user.keyboard('{Enter}');
    expect(isShown()).toBe(true);
  });

  it('shows 100 ms after the pointer enters, and hides when it leaves', () => {
    vi.useFakeTimers();
    renderTooltip();
    const wrapper = button().parentElement!;
    fireEvent.mouseEnter(wrapper);
    act(() => vi.advanceTimersByTime(TOOLTIP_ENTER_DELAY_MS - 1));
    expect(isHidden()).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(isShown()).toBe(true);
    fireEvent.mouseLeave(wrapper);
    act(() => vi.advanceTimersByTime(0));
    expect(isHidden()).toBe(true);
  });

  it('does not show when the pointer passes through in under 100 ms', () => {
    vi.useFakeTimers();
    renderTooltip();
    const wrapper = button().parentElement!;
    fireEvent.mouseEnter(wrapper);
    act(() => vi.advanceTimersByTime(50));
    fireEvent.mouseLeave(wrapper);
    act(() => vi.advanceTimersByTime(TOOLTIP_ENTER_DELAY_MS * 2));
    expect(isHidden()).toBe(true);
  });

  it('shows 700 ms into a touch and hides 1500 ms after it ends', () => {
    vi.useFakeTimers();
    renderTooltip();
    fireEvent.touchStart(button());
    act(() => vi.advanceTimersByTime(TOOLTIP_TOUCH_DELAY_MS - 1));
    expect(isHidden()).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(isShown()).toBe(true);
    fireEvent.touchEnd(button());
    act(() => vi.advanceTimersByTime(TOOLTIP_LEAVE_TOUCH_DELAY_MS - 1));
    expect(isShown()).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(isHidden()).toBe(true);
  });
});

describe('HelpPopup', () => {
  it('opens a dialog named by its title with the text and image, and Close returns focus', async () => {
    const user = userEvent.setup();
    renderScreen(
      <HelpPopup
        title="Where is the passport number?"
        buttonLabel="Where do I find it?"
        image={{ src: '/help/passport.png', alt: 'The data page of a passport' }}
      >
        <p>On the data page, top right.</p>
      </HelpPopup>,
    );
    const opener = screen.getByRole('button', { name: 'Where do I find it?' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Where is the passport number?' });
    expect(dialog.textContent).toContain('On the data page, top right.');
    expect(screen.getByRole('img', { name: 'The data page of a passport' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
