// The terms (SPEC §1, §4 "Terms gate"): SPEC's "voluntary pilot" only while the pilot runs; after
// its end the first line states the fee that is due (decision 036) — as /api/config says it,
// whatever the browser's clock says.
import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetFee } from '../components/fee.ts';
import { renderScreen } from '../test/render.tsx';
import { configReply, fakeServer } from '../test/server.ts';
import { TermsDialog } from './TermsDialog.tsx';

beforeAll(() => {
  // jsdom has no modal dialogs; the terms dialog only needs to open.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  forgetFee();
});

/** The terms when the server says the fee is charged or not, on a browser clock of `iso`. */
const termsWhen = async (feeCharged: boolean, iso: string, fee = 25) => {
  vi.useFakeTimers({ now: new Date(`${iso}T12:00:00`), toFake: ['Date'] });
  fakeServer({ 'GET /api/config': configReply(feeCharged, fee) });
  await act(async () => {
    renderScreen(<TermsDialog open onAccept={() => undefined} />);
  });
  return screen.getByRole('region', { name: 'Terms & Conditions' }).textContent ?? '';
};

describe('TermsDialog', () => {
  it('after the pilot: no "voluntary pilot", the fee for each traveller instead', async () => {
    // The browser's clock is wrong (still in the pilot): the server's word counts.
    const text = await termsWhen(true, '2024-12-31');
    expect(text).not.toMatch(/pilot|voluntary/i);
    expect(text).toContain(
      "ETA-IL is the State of Israel's electronic travel authorization. The application fee is 25 NIS for each traveller.",
    );
    expect(text).toContain('The State of Israel is not liable');
  });

  it("while a pilot runs: SPEC's wording, a voluntary pilot", async () => {
    const text = await termsWhen(false, '2026-11-27');
    expect(text).toContain('ETA-IL is a voluntary pilot. Taking part is your choice.');
    expect(text).not.toContain('application fee');
  });

  it('the fee the server states, not the domain default', async () => {
    const text = await termsWhen(true, '2026-11-27', 30);
    expect(text).toContain('The application fee is 30 NIS for each traveller.');
  });
});
