// The frame of every page: a skip link to <main>, the header with the service's name, the tools
// and what an app adds below, the footer only where the app has one.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/render.tsx';
import { Frame, ServiceName } from './Frame.tsx';

const brand = (
  <span className="header__brand">
    <ServiceName />
  </span>
);

describe('Frame', () => {
  it('leads from the skip link to the page in <main>, which can take focus', () => {
    renderUi(
      <Frame brand={brand} tools={<button type="button">Tool</button>}>
        <h1>Page</h1>
      </Frame>,
    );
    const skip = screen.getByRole('link', { name: 'Skip to the content' });
    expect(skip.getAttribute('href')).toBe('#main');
    const main = screen.getByRole('main');
    expect(main.id).toBe('main');
    expect(main.getAttribute('tabindex')).toBe('-1');
    expect(within(main).getByRole('heading', { name: 'Page' })).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it("shows the service's name and the tools in the header's first row, and below them what the app adds", () => {
    renderUi(
      <Frame
        brand={brand}
        tools={<button type="button">Tool</button>}
        belowHeader={<nav aria-label="Sections" />}
        footer={<p>Footer note</p>}
      >
        <h1>Page</h1>
      </Frame>,
    );
    const header = screen.getByRole('banner');
    const row = header.querySelector('.header__inner')!;
    expect(row.querySelector('.header__brand')?.textContent).toBe('State of IsraelTest service');
    expect(within(row as HTMLElement).getByRole('button', { name: 'Tool' })).toBeTruthy();
    expect(row.nextElementSibling).toBe(screen.getByRole('navigation', { name: 'Sections' }));
    expect(within(screen.getByRole('contentinfo')).getByText('Footer note')).toBeTruthy();
  });
});
