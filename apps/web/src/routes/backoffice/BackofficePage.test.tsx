// SPEC §2 "/backoffice": 'Loadding.....' while the back-office address is fetched; the error
// screen when it cannot be.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { BackofficePage } from './BackofficePage.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('BackofficePage', () => {
  it("shows 'Loadding.....' while it asks for the back-office address", async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    await act(async () => {
      renderScreen(<BackofficePage />);
    });
    expect(screen.getByRole('status').textContent).toBe('Loadding.....');
    expect(fetch).toHaveBeenCalledWith('/api/config', expect.anything());
  });

  it('shows the error screen when the address cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    await act(async () => {
      renderScreen(<BackofficePage />);
    });
    expect(
      await screen.findByText('Sorry, something has gone wrong. Please check again in few minutes'),
    ).toBeTruthy();
  });
});
