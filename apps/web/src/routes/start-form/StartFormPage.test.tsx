import { type ApplicationDraft, blankDraft, ROUTES } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDraft } from '../../session/draft.ts';
import { renderScreen } from '../../test/render.tsx';
import { StartFormPage } from './StartFormPage.tsx';

const fetchMock = vi.fn(
  async (_path: string) =>
    new Response(JSON.stringify({ statusCode: 200, body: referenceData }), { status: 200 }),
);

const open = async () => {
  await act(async () => {
    renderScreen(<StartFormPage />, { path: ROUTES.forms, route: ROUTES.forms });
  });
  return screen.findByRole('radio', { name: 'Myself' });
};

const stored = (draft: ApplicationDraft) =>
  sessionStorage.setItem('jsonForm', JSON.stringify(draft));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // jsdom lacks CSS.escape and scrollIntoView, which focusing the first error uses.
  vi.stubGlobal('CSS', { escape: (value: string) => value });
  Element.prototype.scrollIntoView = vi.fn();
  stored({ ...blankDraft(), reqDisclaimer: 1 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('Start form (SPEC §2 "Start your application")', () => {
  it('ends the old session and begins a blank draft, keeping the accepted terms', async () => {
    stored({ ...blankDraft(), reqDisclaimer: 1, reqMainEmailAddress: 'old@example.com' });
    sessionStorage.setItem('auth-token', 'old-token');
    sessionStorage.setItem('emailAddress', 'old@example.com');
    await open();
    expect(sessionStorage.getItem('auth-token')).toBeNull();
    expect(sessionStorage.getItem('emailAddress')).toBeNull();
    expect(sessionStorage.getItem('sessionStart')).not.toBeNull();
    expect(readDraft()).toEqual({ ...blankDraft(), reqDisclaimer: 1 });
    // The wipe removed the cached lists: they are loaded again (SPEC §7 getalldata).
    expect(fetchMock).toHaveBeenCalledWith('/api/getalldata', expect.anything());
  });

  it('§4 session: opening the start step begins a blank application; only the terms and the eligibility answers stay', async () => {
    stored({ ...blankDraft(), reqDisclaimer: 1, reqMainEmailAddress: 'old@example.com' });
    for (const [key, value] of [
      ['national', '249:France:N'],
      ['mainPurpose', '1:Tourism:Y'],
      ['dataTravelInfo', '{"entryReasonId":"1"}'],
      ['confirmations', '{"travel":true}'],
      ['timestampcode', '1760000000000'],
      ['reqId', 'IL-OLD'],
      ['language', 'de'],
    ])
      sessionStorage.setItem(key!, value!);
    await open();
    expect(Object.keys(sessionStorage).sort()).toEqual(
      expect.arrayContaining(['jsonForm', 'language', 'mainPurpose', 'national', 'sessionStart']),
    );
    for (const gone of ['dataTravelInfo', 'confirmations', 'timestampcode', 'reqId'])
      expect(sessionStorage.getItem(gone)).toBeNull();
    expect(sessionStorage.getItem('national')).toBe('249:France:N');
    expect(readDraft()).toEqual({ ...blankDraft(), reqDisclaimer: 1 });
  });

  it('shows "Your details" only for Someone else', async () => {
    const user = userEvent.setup();
    await open();
    expect(screen.queryByRole('heading', { name: 'Your details' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Myself' }));
    expect(screen.queryByRole('heading', { name: 'Your details' })).toBeNull();
  });

  it('asks who the application is for before going on', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe('Choose who you are applying for');
  });

  it('requires the applicant details for Someone else: the summary lists them and takes focus', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Enter your last name',
      'Enter your first name',
      'Enter your passport number',
      'Choose the country that issued your passport',
    ]);
    const lastName = screen.getByRole('textbox', { name: 'Your last name' });
    expect(lastName.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement?.id).toBe('error-summary'));
  });

  it('ignores input beyond the longest name and passport number', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    expect(screen.getByRole('textbox', { name: 'Your last name' }).getAttribute('maxlength')).toBe(
      '39',
    );
    expect(screen.getByRole('textbox', { name: 'Your first name' }).getAttribute('maxlength')).toBe(
      '39',
    );
    expect(
      screen.getByRole('textbox', { name: 'Your passport number' }).getAttribute('maxlength'),
    ).toBe('9');
  });

  it('saves the applicant details of Someone else into the draft and goes to the email step', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    await user.type(screen.getByRole('textbox', { name: 'Your last name' }), 'Smith');
    await user.type(screen.getByRole('textbox', { name: 'Your first name' }), 'Anna');
    await user.type(screen.getByRole('textbox', { name: 'Your passport number' }), 'AB1234567');
    await user.type(
      screen.getByRole('combobox', { name: 'Country that issued your passport' }),
      'Fran',
    );
    await user.click(screen.getByRole('option', { name: 'France' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('elsewhere');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const draft = readDraft();
    expect(draft.groupTypeId).toEqual({ id: 2, Description: 'Someone else' });
    // Names are stored in capitals, as in the passport (the canonical record).
    expect(draft.applicantLastName).toBe('SMITH');
    expect(draft.applicantPassportNum).toBe('AB1234567');
    expect(draft.applicantPassportCountryId?.Description).toBe('France');
    expect(draft.reqDisclaimer).toBe(1);
  });

  it('clears the five applicant fields in the draft when switched back to Myself', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    await user.type(screen.getByRole('textbox', { name: 'Your last name' }), 'Smith');
    await user.type(screen.getByRole('textbox', { name: 'Your passport number' }), 'AB12345');
    await user.click(screen.getByRole('radio', { name: 'Myself' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('elsewhere');
    const draft = readDraft();
    expect(draft.groupTypeId).toEqual({ id: 1, Description: 'Myself' });
    expect(draft.applicantLastName).toBe('');
    expect(draft.applicantPassportNum).toBe('');
    expect(draft.applicantTsadGimel).toMatchObject({
      applicantLastName: '',
      applicantPassportNum: '',
    });
    expect(draft.typeSort).toBe('1:Myself');
  });
});
