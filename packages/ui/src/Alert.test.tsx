// Banners: an error is announced at once, the others politely.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert } from './Alert.tsx';

describe('Alert', () => {
  it('announces an error at once (role alert) and other banners politely (role status)', () => {
    render(
      <>
        <Alert kind="error">Broken</Alert>
        <Alert kind="warning">Please note: careful</Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Broken');
    expect(screen.getByRole('status').textContent).toBe('Please note: careful');
  });

  it('is classed by its kind and has the id it is given', () => {
    render(
      <Alert kind="success" id="saved">
        Saved
      </Alert>,
    );
    const banner = screen.getByRole('status');
    expect(banner.className).toBe('alert alert--success');
    expect(banner.id).toBe('saved');
  });
});
