import { ROUTES } from '@eta-il/domain';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetFee } from '../../components/fee.ts';
import { renderScreen } from '../../test/render.tsx';
import { configReply, fakeServer } from '../../test/server.ts';
import { ApplyStartPage } from './ApplyStartPage.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  forgetFee();
});

/**
 * The page's text that is shown (nothing held hidden) when /api/config says the fee is charged
 * (or not), the browser's clock on `iso`.
 */
const textWhen = async (feeCharged: boolean, iso = '2026-11-27', fee = 25) => {
  vi.useFakeTimers({ now: new Date(`${iso}T12:00:00`), toFake: ['Date'] });
  fakeServer({ 'GET /api/config': configReply(feeCharged, fee) });
  await act(async () => {
    renderScreen(<ApplyStartPage />, { path: ROUTES.applyStart });
  });
  const shown = document.body.cloneNode(true) as HTMLElement;
  for (const hidden of shown.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return shown.textContent ?? '';
};

describe('Application start (/apply-for-an-eta-il-1/)', () => {
  it('§1 fee: charged (the server says so, whatever the browser’s clock) the fee is stated plainly, with no pilot waiver', async () => {
    const text = await textWhen(true, '2024-12-31');
    expect(text).toContain('The application fee is 25 NIS.');
    expect(text).not.toMatch(/pilot/i);
  });

  it('§1 fee: waived by the server (a pilot), the fee is shown as not taken during the pilot', async () => {
    const text = await textWhen(false, '2026-11-27');
    expect(text).toContain('The fee is 25 NIS, but no payment is taken during the pilot.');
  });

  it('the fee is the server’s figure', async () => {
    expect(await textWhen(true, '2026-11-27', 30)).toContain('The application fee is 30 NIS.');
  });

  it('until the server answers, nothing is said about the fee: its line holds its place, hidden', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    await act(async () => {
      renderScreen(<ApplyStartPage />, { path: ROUTES.applyStart });
    });
    const feeLines = [...document.querySelectorAll('li')].filter((li) =>
      /fee/.test(li.textContent ?? ''),
    );
    expect(feeLines).toHaveLength(1);
    expect(feeLines[0]?.getAttribute('aria-hidden')).toBe('true');
    expect(feeLines[0]?.className).toBe('is-pending');
    expect(screen.getByText(/within 72 hours/).closest('[aria-hidden]')).toBeNull();
  });

  it('states the facts of SPEC §1 with the figures of SPEC §9 and starts at the applicant page', async () => {
    const text = await textWhen(true);
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
