// SPEC §2 "Success": the request number kept in the session, or a way to start an application.
import { ROUTES } from '@eta-il/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { SuccessPage } from './SuccessPage.tsx';

describe('SuccessPage', () => {
  it("shows 'Your request number is' followed by the session's reqId", () => {
    sessionStorage.setItem('reqId', 'IL-2026-000123');
    renderScreen(<SuccessPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your request has been sent successfully!' }),
    ).toBeTruthy();
    expect(screen.getByText('Your request number is', { exact: false }).textContent).toBe(
      'Your request number is IL-2026-000123',
    );
  });

  it('without a reqId, offers to start an application', () => {
    renderScreen(<SuccessPage />);
    expect(screen.getByRole('link', { name: 'Start an application' }).getAttribute('href')).toBe(
      ROUTES.applyStart,
    );
  });
});
