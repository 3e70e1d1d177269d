// 'Save and continue later' on a step (decision 033): the values as typed are saved unchecked
// with the session's draft, the traveller stays on the step and hears where the link went; a
// session that has expired says so. A resumed application's typed values fill the step's form.
import { ROUTES } from '@eta-il/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validDraft } from '../../../../packages/domain/test/fixtures.ts';
import { TravelInfoPage } from '../routes/travel-info/TravelInfoPage.tsx';
import { writeDraft } from '../session/draft.ts';
import { readSession, writeJson, writeSession } from '../session/storage.ts';
import { openScreenAt, seedReferenceData } from '../test/render.tsx';

const calls: { path: string; body: Record<string, unknown>; token: string | null }[] = [];
let status = 201;
let refusalCode = 'tokenInvalid';
const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
  const headers = new Headers(init?.headers);
  calls.push({
    path,
    body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    token: headers.get('auth-token'),
  });
  const body =
    status === 201
      ? { expiresAt: '2026-12-03T09:00:00.000Z', sentTo: 'j•••@example.com' }
      : { code: refusalCode, message: 'refused' };
  return new Response(JSON.stringify({ statusCode: status, ...body }), { status });
});

beforeEach(() => {
  calls.length = 0;
  status = 201;
  refusalCode = 'tokenInvalid';
  sessionStorage.clear();
  seedReferenceData();
  writeDraft(validDraft());
  writeSession('auth-token', 'the-token');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const open = async () => {
  await openScreenAt(ROUTES.travel, <TravelInfoPage />);
  await screen.findByRole('heading', { level: 1 });
};
const save = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue later' }));
  });
};

describe("'Save and continue later'", () => {
  it('saves the values as typed, unchecked, with the draft and the token; the traveller stays', async () => {
    await open();
    fireEvent.change(document.getElementById('dayEstimatedAarrivalDate')!, {
      target: { value: '99' },
    });
    await save();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/api/saved-application');
    expect(calls[0]?.token).toBe('the-token');
    expect(calls[0]?.body.draft).toEqual(validDraft());
    expect(calls[0]?.body.pending).toMatchObject({
      step: 'travel',
      values: { dayEstimatedAarrivalDate: '99' },
    });
    const outcome = await screen.findByText(/We sent a link to j•••@example.com/);
    expect(outcome.closest('[tabindex="-1"]')).toBe(document.activeElement);
    // Not checked, not saved into the draft, no navigation.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('says so when the session has expired', async () => {
    status = 401;
    await open();
    await save();
    expect(screen.getByRole('alert').textContent).toMatch(/session has expired/);
  });

  it('says so when the session ended because its application was submitted (issue 26)', async () => {
    status = 401;
    refusalCode = 'sessionSubmitted';
    await open();
    await save();
    expect(screen.getByRole('alert').textContent).toBe(
      'This application has been submitted, so its session has ended. To apply again, start a new application.',
    );
  });

  it("fills the step's form with a resumed application's values, until Next saves them", async () => {
    writeJson('resumeValues', { step: 'travel', values: { dayEstimatedAarrivalDate: '07' } });
    await open();
    expect((document.getElementById('dayEstimatedAarrivalDate') as HTMLInputElement).value).toBe(
      '07',
    );
    expect(readSession('resumeValues')).not.toBeNull();
  });
});
