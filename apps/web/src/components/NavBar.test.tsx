// SPEC §2: the shared navigation bar (Back, and a Next the screen names) and, in edit mode
// (SPEC §4), 'Save and go to review' and 'Edit next'.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { NavBar } from './NavBar.tsx';
import { type Intent, intentOf, StepNavBar } from './StepScreen.tsx';

const Where = () => <p data-testid="where">{useLocation().pathname}</p>;

describe('NavBar', () => {
  it('goes to the Back route', async () => {
    const user = userEvent.setup();
    renderScreen(
      <>
        <NavBar back="/emailMach" />
        <Where />
      </>,
      { path: '/travel-info' },
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where').textContent).toBe('/emailMach');
  });

  it('calls a Back handler, and Back never submits the form', async () => {
    const user = userEvent.setup();
    const back = vi.fn();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    renderScreen(
      <form onSubmit={onSubmit}>
        <NavBar back={back} />
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits with 'Next' or the screen's own label, and has no Back without a target", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    renderScreen(
      <form onSubmit={onSubmit}>
        <NavBar />
        <NavBar actions={[{ label: 'Submit the application' }]} />
      </form>,
    );
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Submit the application' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('disables Next and marks it busy while the screen works', () => {
    renderScreen(<NavBar actions={[{ label: 'Next', busy: true }]} />);
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    expect(next.getAttribute('aria-busy')).toBe('true');
  });

  it('follows a link, runs a handler, and styles the start button and a secondary action', async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    renderScreen(
      <>
        <NavBar
          actions={[
            { label: 'Print', onClick: print, secondary: true },
            { label: 'Start now', to: '/apply-for-an-eta-il-2', start: true },
          ]}
        />
        <Where />
      </>,
      { path: '/apply' },
    );
    const printButton = screen.getByRole('button', { name: 'Print' });
    expect(printButton.className).toBe('button button--secondary');
    expect(printButton.getAttribute('type')).toBe('button');
    await user.click(printButton);
    expect(print).toHaveBeenCalledTimes(1);
    const start = screen.getByRole('link', { name: 'Start now' });
    expect(start.className).toBe('button button--start');
    await user.click(start);
    expect(screen.getByTestId('where').textContent).toBe('/apply-for-an-eta-il-2');
  });
});

describe('StepNavBar in edit mode (SPEC §2, §4)', () => {
  const renderEditing = (onIntent: (intent: Intent) => void) =>
    renderScreen(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onIntent(intentOf(event));
        }}
      >
        <StepNavBar id="travel" editing />
      </form>,
      { path: '/travelInfo', route: '/travelInfo' },
    );

  it("§2 edit mode: 'Save and go to review' and 'Edit next' replace Next, Back stays; each tells its intent", async () => {
    const user = userEvent.setup();
    const intents: Intent[] = [];
    renderEditing((intent) => intents.push(intent));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Back',
      'Save and go to review',
      'Edit next',
      // Decision 033: last, so that Enter in a field still presses the first.
      'Save and continue later',
    ]);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save and go to review' }));
    await user.click(screen.getByRole('button', { name: 'Edit next' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue later' }));
    expect(intents).toEqual(['review', 'editNext', 'saveLater']);
  });

  it('§2 edit mode: Back still leads to the step before, saving nothing', async () => {
    const user = userEvent.setup();
    const intents: Intent[] = [];
    renderEditing((intent) => intents.push(intent));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(intents).toEqual([]);
    expect(screen.getByTestId('elsewhere')).toBeTruthy();
  });

  it("reads a submit without a pressed button (Enter in a field) as 'next'", () => {
    const intents: Intent[] = [];
    const { container } = renderEditing((intent) => intents.push(intent));
    fireEvent.submit(container.querySelector('form')!);
    expect(intents).toEqual(['next']);
  });
});
