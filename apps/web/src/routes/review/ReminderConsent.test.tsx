// The review's "E-mail me before my authorization expires" (issue 31): consent, never assumed. The
// box starts unticked, is named and described for a screen reader, and what it says is sent with
// the application as the top-level `reminderConsent: true` — absent when it is not ticked.
import { ROUTES } from '@eta-il/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validDraft } from '../../../../../packages/domain/test/fixtures.ts';
import { renderScreen, seedReferenceData } from '../../test/render.tsx';
import { sendApplication } from '../thank-you/submission.ts';
import { ReviewPage } from './ReviewPage.tsx';

const LABEL = 'E-mail me before my authorization expires';
const sent: unknown[] = [];

beforeEach(() => {
  sent.length = 0;
  seedReferenceData();
  sessionStorage.setItem('jsonForm', JSON.stringify(validDraft()));
  sessionStorage.setItem('auth-token', 'token');
  sessionStorage.setItem('confirmations', JSON.stringify({}));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path !== '/api/senddatamarom') return new Response('{}', { status: 404 });
      sent.push(JSON.parse(String(init?.body)));
      return new Response(
        JSON.stringify({ statusCode: 200, message: 'Submitted', ReqNum: 'IL-2026-000123' }),
        { status: 200 },
      );
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const renderReview = async () => {
  await act(async () => {
    renderScreen(<ReviewPage />, { path: ROUTES.review, route: ROUTES.review });
  });
  await screen.findByRole('heading', { level: 1, name: 'Check your answers and confirm' });
  // The declaration's panel holds the box.
  fireEvent.click(screen.getByRole('button', { name: /^Declaration/ }));
  return screen.getByRole('checkbox', { name: LABEL }) as HTMLInputElement;
};

describe('consent to reminders on the review', () => {
  it('starts unticked, described by when the reminders come and how to stop them', async () => {
    const box = await renderReview();
    expect(box.checked).toBe(false);
    const hint = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'We will write to you 30 days and again 7 days before it ends. You can stop this at any time on the Application status page.',
    );
  });

  it('ticked, it is sent with the application as reminderConsent: true', async () => {
    const box = await renderReview();
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    const outcome = await sendApplication(validDraft());
    expect(outcome.kind).toBe('accepted');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      reminderConsent: true,
      reqMainEmailAddress: expect.any(String),
    });
  });

  it('left unticked (or ticked and unticked again), nothing is sent for it', async () => {
    const box = await renderReview();
    fireEvent.click(box);
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    await sendApplication(validDraft());
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('reminderConsent');
  });
});
