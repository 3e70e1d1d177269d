// SPEC §2 routes /ll and "Other screens": the full-screen loading view with 'Loading...', under a
// heading and a document title that name it for screen readers.
import { ROUTES } from '@eta-il/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { LoadingPage } from './LoadingPage.tsx';

describe('LoadingPage', () => {
  it('shows only the loader, announced as a status, under a visually hidden heading', () => {
    renderScreen(<LoadingPage />, { path: ROUTES.loading, route: ROUTES.loading });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Loading');
    expect(heading.className).toBe('visually-hidden');
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading...');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names the document "Loading – ETA-IL"', () => {
    document.title = 'Previous screen – ETA-IL';
    renderScreen(<LoadingPage />, { path: ROUTES.loading, route: ROUTES.loading });
    expect(document.title).toBe('Loading – ETA-IL');
  });
});
