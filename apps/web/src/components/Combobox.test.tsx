// Smoke test of the test set-up: a widget renders with real texts and reacts to typing.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { Combobox } from './Combobox.tsx';

const fruits = ['Apple', 'Banana', 'Cherry'];

describe('Combobox', () => {
  it('filters by what is typed and says when nothing matches', async () => {
    renderScreen(
      <Combobox<string>
        name="fruit"
        label="Fruit"
        items={fruits}
        itemKey={(f) => f}
        itemLabel={(f) => f}
        selected={null}
        onSelect={() => {}}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    fireEvent.change(input, { target: { value: 'an' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Banana']);
    fireEvent.change(input, { target: { value: 'zz' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No entries to show')).toBeTruthy();
  });
});

describe('Combobox: choosing and ordering', () => {
  const renderFruits = (onSelect: (fruit: string | null) => void, items = fruits) =>
    renderScreen(
      <Combobox<string>
        name="fruit"
        label="Fruit"
        items={items}
        itemKey={(f) => f}
        itemLabel={(f) => f}
        selected={null}
        onSelect={onSelect}
      />,
    );

  it('lists names that start with the query before names that only contain it', async () => {
    const user = userEvent.setup();
    renderFruits(() => {}, ['Banana', 'Ananas', 'Cherry', 'Mango']);
    await user.type(screen.getByRole('combobox', { name: 'Fruit' }), 'an');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Ananas',
      'Banana',
      'Mango',
    ]);
  });

  it('chooses the highlighted option on Enter', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderFruits(onSelect);
    await user.click(screen.getByRole('combobox', { name: 'Fruit' }));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('Banana');
  });

  it('chooses an option with a click', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderFruits(onSelect);
    await user.click(screen.getByRole('button', { name: 'Show options for Fruit' }));
    await user.click(screen.getByRole('option', { name: 'Cherry' }));
    expect(onSelect).toHaveBeenLastCalledWith('Cherry');
  });

  it('reports no choice once the text is cleared', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderFruits(onSelect);
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    await user.type(input, 'Ch');
    await user.clear(input);
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  it('Escape closes the list and keeps the chosen option, even after some typing', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderScreen(
      <Combobox<string>
        name="fruit"
        label="Fruit"
        items={fruits}
        itemKey={(f) => f}
        itemLabel={(f) => f}
        selected="Cherry"
        onSelect={onSelect}
      />,
    );
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Fruit' });
    expect(input.value).toBe('Cherry');
    await user.click(input);
    await user.keyboard('{Escape}');
    expect(input.value).toBe('Cherry');
    await user.type(input, 'x');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('Cherry');
    await user.keyboard('{Escape}');
    expect(input.value).toBe('Cherry');
    expect(onSelect).not.toHaveBeenCalledWith(null);
  });
});
