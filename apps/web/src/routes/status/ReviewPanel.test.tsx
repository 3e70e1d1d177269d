// /status for a refused application (issue 30): each ground, the last day to ask for a review and
// the form — a statement with its count, up to three files listed with their remove buttons, the
// e-mailed code — sent as a multipart form; the browser's checks and the server's refusals in the
// error summary and at their fields; the request taken, then what happens next; axe on each.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillDateBoxes } from '../../test/dateBoxes.ts';
import { renderScreen } from '../../test/render.tsx';
import { axeViolations } from './axe.ts';
import { StatusPage } from './StatusPage.tsx';

type Answer = { status: number; payload: object };
const calls: { path: string; body: unknown }[] = [];
let answers: Record<string, Answer[]>;

const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
  const body = init?.body instanceof FormData ? init.body : JSON.parse(String(init?.body));
  calls.push({ path, body });
  const queue = answers[path] ?? [];
  const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 500, payload: {} };
  return new Response(JSON.stringify({ statusCode: answer.status, ...answer.payload }), {
    status: answer.status,
  });
});

const REFUSED = {
  status: 200,
  payload: {
    status: 'refused',
    updatedAt: '2026-11-22T09:00:00.000Z',
    reasons: [{ code: 'previousRefusal', text: 'An earlier request to enter Israel was refused.' }],
    reviewUntil: '2026-12-20',
  },
};
const REQUESTED = {
  status: 200,
  payload: { ...REFUSED.payload, status: 'review_requested', reviewUntil: undefined },
};
const CODE = { status: 200, payload: { timestamp: 1_760_000_000_000, sentTo: 'j•••@example.com' } };

beforeEach(() => {
  calls.length = 0;
  answers = { '/api/status': [REFUSED], '/api/status/review/code': [CODE] };
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};
const openRefused = async () => {
  let view: ReturnType<typeof renderScreen> | undefined;
  await act(async () => {
    view = renderScreen(<StatusPage />, { path: '/status' });
  });
  fireEvent.change(screen.getByLabelText('Application number'), {
    target: { value: 'IL-1234-5678' },
  });
  fireEvent.change(screen.getByLabelText('Passport number'), { target: { value: 'AB1234567' } });
  fillDateBoxes('Date of birth', '1990-07-04');
  await click('Check status');
  await screen.findByRole('heading', { name: 'Ask for a review of the refusal' });
  return view!;
};
const statementBox = () => screen.getByLabelText('Why should the decision change?');
const fileBox = () => screen.getByLabelText('Supporting documents (optional)') as HTMLInputElement;
const choose = (...files: File[]) => fireEvent.change(fileBox(), { target: { files } });
const file = (name: string, type: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type });

describe('asking for a review on /status', () => {
  it('shows each ground, the last day to ask, and the form; axe finds nothing', async () => {
    const view = await openRefused();
    expect(screen.getByText('An earlier request to enter Israel was refused.')).toBeTruthy();
    expect(screen.getByText(/you can ask once for a review, until 20 December 2026/)).toBeTruthy();
    expect(fileBox().accept).toBe('.pdf,.jpg,.jpeg,.png');
    expect(fileBox().multiple).toBe(true);
    expect(screen.getByTestId('review-count').textContent).toBe('Characters left: 5000');
    fireEvent.change(statementBox(), { target: { value: 'It was my namesake.' } });
    expect(screen.getByTestId('review-count').textContent).toBe('Characters left: 4981');
    // Read out once typing pauses, not at every key.
    const live = document.querySelector('[aria-live="polite"].visually-hidden');
    expect(live?.textContent).toBe('Characters left: 5000');
    await waitFor(() => expect(live?.textContent).toBe('Characters left: 4981'), {
      timeout: 3000,
    });
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('lists the chosen files, each with its remove button', async () => {
    const view = await openRefused();
    choose(file('letter.pdf', 'application/pdf'), file('photo.jpg', 'image/jpeg'));
    const list = screen.getByRole('list', { name: 'Documents attached' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Remove letter.pdf' })).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
    await click('Remove letter.pdf');
    expect(screen.queryByRole('button', { name: 'Remove letter.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove photo.jpg' })).toBeTruthy();
    // Focus returns to the file box, not to the top of the page.
    expect(document.activeElement).toBe(fileBox());
  });

  it('an empty statement and four files: both in the summary, at their fields, nothing sent', async () => {
    const view = await openRefused();
    choose(...['a', 'b', 'c', 'd'].map((n) => file(`${n}.png`, 'image/png')));
    await click('E-mail me a code to send the request');
    const summary = screen.getByRole('alert');
    const lines = within(summary).getAllByRole('link');
    expect(lines.map((l) => l.getAttribute('href'))).toEqual([
      '#reviewStatement',
      '#reviewDocuments',
    ]);
    expect(summary.textContent).toContain('You can attach at most 3 supporting documents.');
    expect(statementBox().getAttribute('aria-invalid')).toBe('true');
    expect(fileBox().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(calls.filter((c) => c.path !== '/api/status')).toEqual([]);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('a file named as something else is refused in the browser', async () => {
    await openRefused();
    fireEvent.change(statementBox(), { target: { value: 'Mistake.' } });
    choose(file('page.html', 'text/html'));
    await click('E-mail me a code to send the request');
    expect(screen.getByRole('alert').textContent).toContain(
      'A supporting document must be a PDF, JPEG or PNG file',
    );
  });

  it('sends the statement and files as a form with the code; then says what happens next', async () => {
    answers['/api/status'] = [REFUSED, REQUESTED];
    answers['/api/status/review'] = [
      { status: 400, payload: { code: 'codeWrong', triesLeft: 4 } },
      { status: 200, payload: { status: 'review_requested' } },
    ];
    const view = await openRefused();
    fireEvent.change(statementBox(), { target: { value: '  It was my namesake.  ' } });
    const letter = file('letter.pdf', 'application/pdf');
    choose(letter);
    await click('E-mail me a code to send the request');
    expect(
      screen.getByText(
        'We sent a 6-digit code to j•••@example.com. Enter it to send your request.',
      ),
    ).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Code from the e-mail'), {
      target: { value: '123456' },
    });
    await click('Send the request for a review');
    expect(screen.getByLabelText('Code from the e-mail').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Code from the e-mail'), {
      target: { value: '654321' },
    });
    await click('Send the request for a review');
    const sent = calls.filter((c) => c.path === '/api/status/review').at(-1)?.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...sent.entries()].filter(([k]) => k !== 'documents'))).toEqual({
      applicationNumber: 'IL-1234-5678',
      passportNumber: 'AB1234567',
      birthDate: '1990-07-04',
      code: '654321',
      timestamp: '1760000000000',
      statement: 'It was my namesake.',
    });
    expect((sent.getAll('documents')[0] as File).name).toBe('letter.pdf');
    await waitFor(() => expect(screen.getByText('Review requested')).toBeTruthy());
    const done = screen.getByRole('heading', { name: 'Your request for a review was sent' });
    await waitFor(() => expect(document.activeElement?.contains(done)).toBe(true));
    expect(screen.getByText(/A supervisor who took no part in it will read/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ask for a review of the refusal' })).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('a file the server refuses goes back to the form, the problem at the file box', async () => {
    answers['/api/status/review'] = [
      {
        status: 415,
        payload: { code: 'reviewDocumentType', field: 'documents', message: 'x' },
      },
    ];
    const view = await openRefused();
    fireEvent.change(statementBox(), { target: { value: 'Mistake.' } });
    choose(file('scan.png', 'image/png'));
    await click('E-mail me a code to send the request');
    fireEvent.change(screen.getByLabelText('Code from the e-mail'), {
      target: { value: '654321' },
    });
    await click('Send the request for a review');
    expect(fileBox().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain(
      'its content must be what its name says',
    );
    // What was written is kept.
    expect((statementBox() as HTMLTextAreaElement).value).toBe('Mistake.');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('too late: the server’s refusal says a visa can still be asked for', async () => {
    answers['/api/status/review/code'] = [
      { status: 409, payload: { code: 'reviewTooLate', message: 'x' } },
    ];
    await openRefused();
    fireEvent.change(statementBox(), { target: { value: 'Mistake.' } });
    await click('E-mail me a code to send the request');
    expect(
      screen.getByText(
        /The time to ask for a review of this refusal has passed\. You may still apply for a visa/,
      ),
    ).toBeTruthy();
  });

  it('no reviewUntil (asked already, or too late): no form', async () => {
    answers['/api/status'] = [
      { status: 200, payload: { ...REFUSED.payload, reviewUntil: undefined } },
    ];
    await act(async () => {
      renderScreen(<StatusPage />, { path: '/status' });
    });
    fireEvent.change(screen.getByLabelText('Application number'), {
      target: { value: 'IL-1234-5678' },
    });
    fireEvent.change(screen.getByLabelText('Passport number'), { target: { value: 'AB1234567' } });
    fillDateBoxes('Date of birth', '1990-07-04');
    await click('Check status');
    expect(screen.getByText('Refused')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ask for a review of the refusal' })).toBeNull();
  });
});
