// /status: the form and its errors, the one generic answer to a mismatch, each state in words
// (validity and document, reasons and the visa route), answering an officer's question,
// withdrawing with an e-mailed code; axe
// finds nothing in any of these states.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dateBoxes, fillDateBoxes } from '../../test/dateBoxes.ts';
import { renderScreen, seedReferenceData } from '../../test/render.tsx';
import { axeViolations } from './axe.ts';
import { StatusPage } from './StatusPage.tsx';

type Answer = { status: number; payload: object };
const calls: { path: string; body: Record<string, unknown> }[] = [];
let answers: Record<string, Answer[]>;

const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
  calls.push({ path, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
  const queue = answers[path] ?? [];
  const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 500, payload: {} };
  return new Response(JSON.stringify({ statusCode: answer.status, ...answer.payload }), {
    status: answer.status,
  });
});

beforeEach(() => {
  calls.length = 0;
  answers = {};
  vi.stubGlobal('fetch', fetchMock);
  // The lists a panel may need (the new passport's countries), as a traveller's browser has them.
  seedReferenceData();
});
afterEach(() => vi.unstubAllGlobals());

const open = async (path = '/status') => {
  let view: ReturnType<typeof renderScreen> | undefined;
  await act(async () => {
    view = renderScreen(<StatusPage />, { path });
  });
  return view!;
};
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fillAll = () => {
  fill('Application number', 'IL-1234-5678');
  fill('Passport number', 'AB1234567');
  fillDateBoxes('Date of birth', '1990-07-04');
};
const check = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Check status' }));
  });
};
/** Checks, then waits for the answer's screens (loaded beside the look-up, not with the form). */
const checkAnswered = async () => {
  await check();
  await screen.findByRole('heading', { name: 'Your application' }, { timeout: 5000 });
};

/** The correction panel is loaded on demand: its heading once it is there. */
const correctionLoaded = () =>
  screen.findByRole('heading', { name: 'Correct your details' }, { timeout: 5000 });

describe('StatusPage', () => {
  it('names each empty field in the error summary and sends nothing', async () => {
    const view = await open();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Check your application status' }),
    ).toBeTruthy();
    await check();
    const summary = screen.getByRole('alert');
    expect(summary.querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByLabelText('Application number').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(calls).toHaveLength(0);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('takes the application number from the link of the acknowledgement', async () => {
    await open('/status?applicationNumber=IL-9999-0000');
    expect((screen.getByLabelText('Application number') as HTMLInputElement).value).toBe(
      'IL-9999-0000',
    );
  });

  it('a mismatch shows one generic message', async () => {
    answers['/api/status'] = [{ status: 404, payload: { message: 'x', code: 'statusNotFound' } }];
    const view = await open();
    fillAll();
    await check();
    expect(calls[0]).toEqual({
      path: '/api/status',
      body: {
        applicationNumber: 'IL-1234-5678',
        passportNumber: 'AB1234567',
        birthDate: '1990-07-04',
      },
    });
    expect(screen.getByText(/We could not find an application with these details/)).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('approved: the state in words, the validity and the document link', async () => {
    answers['/api/status'] = [
      {
        status: 200,
        payload: {
          status: 'approved',
          updatedAt: '2026-11-22T09:00:00.000Z',
          validUntil: '2028-11-22',
          documentUrl: '/api/document/abc.def.ghi',
        },
      },
    ];
    const view = await open();
    fillAll();
    await checkAnswered();
    expect(screen.getByText('Approved')).toBeTruthy();
    // Dates in words, day first, as on every page (the moment in the reader's time zone, named).
    expect(screen.getByText('22 November 2028')).toBeTruthy();
    expect(screen.getByText(/^22 November 2026(,| at) \d\d:00 /)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download your authorization (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/document/abc.def.ghi');
    expect(screen.queryByRole('button', { name: 'E-mail me a code to withdraw' })).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('refused: the reasons and the way to a visa', async () => {
    answers['/api/status'] = [
      {
        status: 200,
        payload: {
          status: 'refused',
          updatedAt: '2026-11-22T09:00:00.000Z',
          reasons: [
            { code: 'previousRefusal', text: 'An earlier request to enter Israel was refused.' },
          ],
        },
      },
    ];
    await open();
    fillAll();
    await checkAnswered();
    expect(screen.getByText('Refused')).toBeTruthy();
    expect(screen.getByText('An earlier request to enter Israel was refused.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'How to apply for a visa' }).getAttribute('href')).toBe(
      '/visa-option',
    );
  });

  it('withdraws with the e-mailed code; a wrong code is shown at the code box with the tries left', async () => {
    const pending = {
      status: 200,
      payload: { status: 'submitted', updatedAt: '2026-11-22T09:00:00.000Z' },
    };
    answers['/api/status'] = [
      pending,
      { status: 200, payload: { ...pending.payload, status: 'withdrawn' } },
    ];
    answers['/api/status/withdraw/code'] = [
      { status: 200, payload: { timestamp: 1_760_000_000_000, sentTo: 'j•••@example.com' } },
    ];
    answers['/api/status/withdraw'] = [
      { status: 400, payload: { code: 'codeWrong', triesLeft: 3 } },
      { status: 200, payload: { status: 'withdrawn' } },
    ];
    const view = await open();
    fillAll();
    await checkAnswered();
    expect(screen.getByText('Received')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'E-mail me a code to withdraw' }));
    });
    expect(screen.getByText('We sent a 6-digit code to j•••@example.com.')).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);

    fill('Code from the e-mail', '123456');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Withdraw the application' }));
    });
    const box = screen.getByLabelText('Code from the e-mail');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('The code is not correct. Please check it and try again.'),
    ).toBeTruthy();
    // The tries left are read with the box (its description).
    const described = (box.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('You have 3 tries left.');
    expect(await axeViolations(view.container)).toEqual([]);

    fill('Code from the e-mail', '654321');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Withdraw the application' }));
    });
    await waitFor(() => expect(screen.getByText('Withdrawn')).toBeTruthy());
    expect(calls.filter((c) => c.path === '/api/status/withdraw').at(-1)?.body).toMatchObject({
      code: '654321',
      timestamp: 1_760_000_000_000,
      applicationNumber: 'IL-1234-5678',
    });
  });

  it('corrects the arrival date with an e-mailed code; a refused date is shown at its field', async () => {
    answers['/api/status'] = [
      { status: 200, payload: { status: 'in_review', updatedAt: '2026-11-22T09:00:00.000Z' } },
    ];
    answers['/api/status/correction/code'] = [
      { status: 200, payload: { timestamp: 1_760_000_000_000, sentTo: 'j•••@example.com' } },
    ];
    answers['/api/status/correction'] = [
      {
        status: 400,
        payload: {
          code: 'arrivalInPast',
          issues: [{ field: 'dayEstimatedAarrivalDate', message: 'arrivalInPast', step: 'travel' }],
        },
      },
      {
        status: 200,
        payload: {
          changes: [{ field: 'estimatedArrivalDate', from: '2027-03-15', to: '2027-04-20' }],
        },
      },
    ];
    const view = await open();
    fillAll();
    await check();
    await correctionLoaded();
    expect(screen.getByText(/Passport and identity details .* cannot be changed/)).toBeTruthy();
    const sendCode = () =>
      act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'E-mail me a code to confirm' }));
      });
    await sendCode();
    expect(screen.getByText('Fill in at least one detail to change.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/status/correction/code')).toBe(false);

    fillDateBoxes('New arrival date', '2026-01-01');
    await sendCode();
    expect(calls.at(-1)).toEqual({
      path: '/api/status/correction/code',
      body: {
        applicationNumber: 'IL-1234-5678',
        passportNumber: 'AB1234567',
        birthDate: '1990-07-04',
      },
    });
    expect(await axeViolations(view.container)).toEqual([]);
    fill('Code from the e-mail', '123456');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save the changes' }));
    });
    // The server's rule refused the date: back at the form, the message at the date.
    const [day] = dateBoxes('New arrival date');
    expect(day!.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(day));
    // The boxes are back with the refused date in them, to be changed.
    expect(dateBoxes('New arrival date').map((box) => box.value)).toEqual(['01', '01', '2026']);
    expect(await axeViolations(view.container)).toEqual([]);

    fillDateBoxes('New arrival date', '2027-04-20');
    await sendCode();
    fill('Code from the e-mail', '123456');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save the changes' }));
    });
    expect(calls.at(-1)).toEqual({
      path: '/api/status/correction',
      body: {
        applicationNumber: 'IL-1234-5678',
        passportNumber: 'AB1234567',
        birthDate: '1990-07-04',
        code: '123456',
        timestamp: 1_760_000_000_000,
        changes: { estimatedArrivalDate: '2027-04-20' },
      },
    });
    expect(screen.getByText('Your changes were saved:')).toBeTruthy();
    expect(screen.getByText('New arrival date: 20 April 2027')).toBeTruthy();
  });

  it('a refusal of the home town is shown at the town, not at the phone of the same step', async () => {
    answers['/api/status'] = [
      { status: 200, payload: { status: 'submitted', updatedAt: '2026-11-22T09:00:00.000Z' } },
    ];
    answers['/api/status/correction/code'] = [
      { status: 200, payload: { timestamp: 1_760_000_000_000, sentTo: 'j•••@example.com' } },
    ];
    answers['/api/status/correction'] = [
      {
        status: 400,
        payload: {
          code: 'restrictedCharacters',
          issues: [{ field: 'addressTownName', message: 'restrictedCharacters', step: 'personal' }],
        },
      },
    ];
    await open();
    fillAll();
    await check();
    await correctionLoaded();
    fill('New home town or city', 'Bost<n');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'E-mail me a code to confirm' }));
    });
    fill('Code from the e-mail', '123456');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save the changes' }));
    });
    expect(screen.getByLabelText('New home town or city').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.getByLabelText('New mobile phone number').getAttribute('aria-invalid')).not.toBe(
      'true',
    );
  });

  it('a new e-mail address is confirmed from the current one; a malformed one is refused in the browser', async () => {
    answers['/api/status'] = [
      { status: 200, payload: { status: 'submitted', updatedAt: '2026-11-22T09:00:00.000Z' } },
    ];
    answers['/api/status/correction/code'] = [
      { status: 200, payload: { timestamp: 1_760_000_000_000, sentTo: 'j•••@example.com' } },
    ];
    await open();
    fillAll();
    await check();
    await correctionLoaded();
    fill('New e-mail address', 'not-an-address');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'E-mail me a code to confirm' }));
    });
    expect(screen.getByLabelText('New e-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === '/api/status/correction/code')).toBe(false);
    fill('New e-mail address', 'new@example.com');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'E-mail me a code to confirm' }));
    });
    // The code goes to the application's current address: the new one is not sent to the server
    // until the change is confirmed.
    expect(calls.at(-1)?.path).toBe('/api/status/correction/code');
    expect(calls.at(-1)?.body.email).toBeUndefined();
    expect(screen.getByText('We sent a 6-digit code to j•••@example.com.')).toBeTruthy();
    // A lost address is moved by an officer, and the page offers the way to ask (decision 047).
    expect(screen.getByText(/an officer can move the application to a new address/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I can no longer read this address' })).toBeTruthy();
  });

  it('information requested: the question as text, the answer checked, confirmed by a code, sent and shown back focused', async () => {
    const asked = {
      status: 200,
      payload: {
        status: 'info_requested',
        updatedAt: '2026-11-22T09:00:00.000Z',
        reasons: [{ code: 'travelPurpose', text: 'The purpose of your trip.' }],
        question: 'Why <b>three</b> weeks?',
      },
    };
    answers['/api/status'] = [
      asked,
      { status: 200, payload: { status: 'in_review', updatedAt: '2026-11-23T09:00:00.000Z' } },
    ];
    answers['/api/status/answer/code'] = [
      { status: 200, payload: { timestamp: 1_760_000_000_000, sentTo: 'j•••@example.com' } },
    ];
    answers['/api/status/answer'] = [
      { status: 400, payload: { code: 'codeWrong', triesLeft: 1 } },
      { status: 200, payload: { status: 'in_review' } },
    ];
    const view = await open();
    fillAll();
    await checkAnswered();
    expect(screen.getByText('Information needed')).toBeTruthy();
    // The officer's words are text: markup in them is shown, never made into elements.
    expect(screen.getByText('Why <b>three</b> weeks?')).toBeTruthy();
    expect(view.container.querySelector('blockquote b')).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);

    const click = async (name: string) => {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name }));
      });
    };
    const askCode = () => click('E-mail me a code to send the answer');
    await askCode();
    const box = screen.getByLabelText('Your answer');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    // An empty answer says what to do, not just "Required".
    expect(
      screen.getByText('Write your answer to the officer’s question before you send it.'),
    ).toBeTruthy();
    fill('Your answer', 'See <here>');
    await askCode();
    expect(screen.getByText(/may not contain the characters < and >/)).toBeTruthy();
    fill('Your answer', 'Tourism \u202Egnp.exe');
    await askCode();
    expect(screen.getByText(/change the direction of the text/)).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/status/answer'))).toHaveLength(0);
    expect(await axeViolations(view.container)).toEqual([]);

    fill('Your answer', '  A family wedding and a tour.  ');
    await askCode();
    expect(
      screen.getByText('We sent a 6-digit code to j•••@example.com. Enter it to send your answer.'),
    ).toBeTruthy();
    fill('Code from the e-mail', '111111');
    await click('Send the answer');
    expect(screen.getByText(/You have 1 try left\./)).toBeTruthy();
    fill('Code from the e-mail', '123456');
    await click('Send the answer');
    await waitFor(() => expect(screen.getByText('Being reviewed by an officer')).toBeTruthy());
    expect(calls.filter((c) => c.path === '/api/status/answer').at(-1)?.body).toEqual({
      applicationNumber: 'IL-1234-5678',
      passportNumber: 'AB1234567',
      birthDate: '1990-07-04',
      answer: 'A family wedding and a tour.',
      code: '123456',
      timestamp: 1_760_000_000_000,
    });
    // The confirmation shows what was sent and takes focus.
    const confirmation = screen.getByRole('region', { name: 'Your answer was sent' });
    expect(confirmation.textContent).toContain('A family wedding and a tour.');
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(screen.queryByRole('button', { name: 'Send the answer' })).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);
  });
});
