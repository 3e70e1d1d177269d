import { CODE_FIELDS, ROUTES } from '@eta-il/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { CodePage } from './CodePage.tsx';

const EMAIL = 'anna@example.com';
const TIMESTAMP = 1_760_000_000_000;

type Answer = { status: number; payload: object };
let confirmAnswer: Answer;
const calls: { path: string; body: Record<string, unknown> }[] = [];

const json = ({ status, payload }: Answer) =>
  new Response(JSON.stringify({ statusCode: status, ...payload }), { status });

const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
  const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
  calls.push({ path, body });
  if (body.render === 'signUpUser')
    return json({ status: 200, payload: { body: { timestamp: TIMESTAMP } } });
  return json(confirmAnswer);
});

const refusal = (status: number, code: string, message: string): Answer => ({
  status,
  payload: { message, code, body: JSON.stringify({ message, code }) },
});

const Where = () => <p data-testid="where">{useLocation().pathname}</p>;

const open = async () => {
  await act(async () => {
    renderScreen(
      <StrictMode>
        <CodePage />
        <Where />
      </StrictMode>,
      { path: ROUTES.code },
    );
  });
  return CODE_FIELDS.map((_, i) => screen.getByRole('textbox', { name: `Digit ${i + 1} of 6` }));
};

const typeCode = (boxes: HTMLElement[], code: string) => {
  fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => code } });
};
const verify = () => screen.getByRole('button', { name: 'Verify your email' });
const valuesOf = (boxes: HTMLElement[]) => boxes.map((b) => (b as HTMLInputElement).value);

beforeEach(() => {
  sessionStorage.setItem('emailAddress', EMAIL);
  calls.length = 0;
  confirmAnswer = { status: 200, payload: { body: { idToken: 'signed-token' } } };
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('CSS', { escape: (value: string) => value });
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Code step (SPEC §2 "Code", §4 "Code step", §7)', () => {
  it('tells where the code was sent and sends it once when the screen opens', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verify your email address');
    expect(screen.getByText(/We sent a 6-digit code to/).textContent).toBe(
      `We sent a 6-digit code to ${EMAIL}`,
    );
    expect(
      screen.getByText('Check your inbox and enter the code below to verify your address.'),
    ).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem('timestampcode')).toBe(String(TIMESTAMP)));
    const sends = calls.filter((c) => c.body.render === 'signUpUser');
    expect(sends).toEqual([
      { path: '/api/deletecognitouser%20', body: expect.objectContaining({ email: EMAIL }) },
    ]);
  });

  it('labels the six boxes as one group and moves focus on as digits are typed', async () => {
    const boxes = await open();
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeTruthy();
    expect(boxes[0]!.getAttribute('autocomplete')).toBe('one-time-code');
    expect(boxes[0]!.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(boxes[0]!, { target: { value: '4' } });
    expect(document.activeElement).toBe(boxes[1]);
    fireEvent.change(boxes[1]!, { target: { value: 'x' } });
    expect(valuesOf(boxes).slice(0, 2)).toEqual(['4', '']);
    expect(document.activeElement).toBe(boxes[1]);
  });

  it('goes back a box on Backspace in an empty box', async () => {
    const boxes = await open();
    boxes[2]!.focus();
    fireEvent.keyDown(boxes[2]!, { key: 'Backspace' });
    expect(document.activeElement).toBe(boxes[1]);
  });

  it('spreads a pasted code over all six boxes from the first', async () => {
    const boxes = await open();
    typeCode(boxes, ' 123-456 ');
    expect(valuesOf(boxes)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(document.activeElement).toBe(boxes[5]);
  });

  it('spreads a paste into box 3 over boxes 3 to 6 only', async () => {
    const boxes = await open();
    fireEvent.paste(boxes[2]!, { clipboardData: { getData: () => '987654' } });
    expect(valuesOf(boxes)).toEqual(['', '', '9', '8', '7', '6']);
  });

  it('requires every digit before asking the server', async () => {
    const boxes = await open();
    fireEvent.change(boxes[0]!, { target: { value: '1' } });
    fireEvent.click(verify());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(boxes[1]!.getAttribute('aria-invalid')).toBe('true');
    expect(boxes[0]!.getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(boxes[1]));
    expect(calls.filter((c) => c.body.render === 'confirmSignUp')).toHaveLength(0);
  });

  it("shows the server's refusal (400) by the boxes and lets the traveller try again", async () => {
    confirmAnswer = refusal(
      400,
      'codeWrong',
      'The code is not correct. Please check it and try again.',
    );
    const boxes = await open();
    await waitFor(() => expect(sessionStorage.getItem('timestampcode')).not.toBeNull());
    typeCode(boxes, '111111');
    fireEvent.click(verify());
    const shown = await screen.findByText(
      'The code is not correct. Please check it and try again.',
    );
    expect(shown.closest('#code-refusal')?.getAttribute('role')).toBe('alert');
    expect(
      screen.getByRole('group', { name: 'Verification code' }).getAttribute('aria-describedby'),
    ).toContain('code-refusal');
    expect((verify() as HTMLButtonElement).disabled).toBe(false);
    // Focus is back on the first box, which the message describes.
    await waitFor(() => expect(document.activeElement).toBe(boxes[0]));
    const confirm = calls.find((c) => c.body.render === 'confirmSignUp');
    expect(confirm?.body).toEqual({
      email: EMAIL,
      confirmationCode: '111111',
      timestamp: TIMESTAMP,
      render: 'confirmSignUp',
    });
  });

  it('shows the message text of a refusal whose id is unknown (500)', async () => {
    confirmAnswer = refusal(500, 'somethingNew', 'The mail service is down.');
    const boxes = await open();
    typeCode(boxes, '222222');
    fireEvent.click(verify());
    expect(await screen.findByText('The mail service is down.')).toBeTruthy();
  });

  it('stores the auth token and goes to travel information at once, with no wait (decision 038)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const boxes = await open();
    await waitFor(() => expect(sessionStorage.getItem('timestampcode')).not.toBeNull());
    typeCode(boxes, '123456');
    await act(async () => fireEvent.click(verify()));
    // No timer is left to run: the answer alone moves the traveller on.
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(ROUTES.travel));
    expect(vi.getTimerCount()).toBe(0);
    expect(sessionStorage.getItem('auth-token')).toBe('signed-token');
  });

  it("shows a loading indicator while 'Send code again' sends, then says a new code was sent", async () => {
    await open();
    await waitFor(() => expect(sessionStorage.getItem('timestampcode')).toBe(String(TIMESTAMP)));
    let release: (answer: Response) => void = () => {};
    fetchMock.mockImplementationOnce(
      (path: string, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          calls.push({ path, body: JSON.parse(String(init?.body)) });
          release = resolve;
        }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send code again' }));
    const sending = await screen.findByText('Sending a new code');
    expect(sending.closest('[role="status"]')).toBeTruthy();
    await act(async () =>
      release(json({ status: 200, payload: { body: { timestamp: TIMESTAMP + 1 } } })),
    );
    expect(await screen.findByText(`We sent a new code to ${EMAIL}.`)).toBeTruthy();
    expect(screen.queryByText('Sending a new code')).toBeNull();
    expect(sessionStorage.getItem('timestampcode')).toBe(String(TIMESTAMP + 1));
  });

  it('sends the traveller to the email step when no address is stored', async () => {
    sessionStorage.removeItem('emailAddress');
    await open().catch(() => undefined);
    expect(screen.getByTestId('where').textContent).toBe(ROUTES.email);
    expect(calls).toHaveLength(0);
  });
});
