// Smoke test of the test set-up: a widget renders with real texts and reacts to typing.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
