import { PILOT_END_DATE, ROUTES } from '@eta-il/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { ApplyStartPage } from './ApplyStartPage.tsx';

afterEach(() => {
  vi.useRealTimers();
});

const textOn = (iso: string) => {
  vi.useFakeTimers({ now: new Date(`${iso}T12:00:00`), toFake: ['Date'] });
  renderScreen(<ApplyStartPage />, { path: ROUTES.applyStart });
  return document.body.textContent ?? '';
};

describe('Application start (/apply-for-an-eta-il-1/)', () => {
  it('§1 fee: after the pilot ended (PILOT_END_DATE) the fee is stated plainly, with no pilot waiver', () => {
    const text = textOn(PILOT_END_DATE);
    expect(text).toContain('The application fee is 25 NIS.');
    expect(text).not.toMatch(/pilot/i);
  });

  it('§1 fee: before the pilot ends, the fee is shown as not taken during the pilot', () => {
    const text = textOn('2024-12-31');
    expect(text).toContain('The fee is 25 NIS, but no payment is taken during the pilot.');
  });

  it('states the facts of SPEC §1 with the figures of SPEC §9 and starts at the applicant page', () => {
    renderScreen(<ApplyStartPage />, { path: ROUTES.applyStart });
    const text = document.body.textContent ?? '';
    for (const fact of [
      'valid for 2 years',
      'until the passport expires',
      'up to 90 days (3 months)',
      'The application fee is 25 NIS.',
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
