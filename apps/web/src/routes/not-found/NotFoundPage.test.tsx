// SPEC §2 "*": the not-found screen with its image, its heading, its title and the ways back in.
import { ROUTES } from '@eta-il/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

describe('NotFoundPage', () => {
  it('says the page was not found, in the heading, the title and a described image', () => {
    renderScreen(<NotFoundPage />, { path: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(document.title).toMatch(/^Page not found/);
    expect(
      screen.getByRole('img', { name: 'A traveller with a map, looking for the way' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start an application' }).getAttribute('href')).toBe(
      ROUTES.applyStart,
    );
    expect(
      screen
        .getByRole('link', { name: 'Check whether you can apply for an ETA-IL' })
        .getAttribute('href'),
    ).toBe(ROUTES.eligibilityNational);
  });
});
