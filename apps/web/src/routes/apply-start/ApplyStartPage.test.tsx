import { ROUTES } from '@eta-il/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { ApplyStartPage } from './ApplyStartPage.tsx';

describe('Application start (/apply-for-an-eta-il-1/)', () => {
  it('states the facts of SPEC §1 with the figures of SPEC §9 and starts at the applicant page', () => {
    renderScreen(<ApplyStartPage />, { path: ROUTES.applyStart });
    const text = document.body.textContent ?? '';
    for (const fact of [
      'valid for 2 years',
      'until the passport expires',
      'up to 90 days (3 months)',
      '25 NIS',
      'no payment',
      'within 72 hours',
      'A border officer decides',
    ]) {
      expect(text).toContain(fact);
    }
    expect(screen.getByRole('link', { name: 'Start now' }).getAttribute('href')).toBe(
      ROUTES.applicantStart,
    );
  });
});
