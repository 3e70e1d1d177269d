// The terms (SPEC §1, §4 "Terms gate"): SPEC's "voluntary pilot" only while the pilot runs; after
// its end (PILOT_END_DATE) the first line states the fee that is due (decision 036).
import { PILOT_END_DATE } from '@eta-il/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render.tsx';
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
afterEach(() => vi.useRealTimers());

const termsOn = (iso: string) => {
  vi.useFakeTimers({ now: new Date(`${iso}T12:00:00`), toFake: ['Date'] });
  renderScreen(<TermsDialog open onAccept={() => undefined} />);
  return screen.getByRole('region', { name: 'Terms & Conditions' }).textContent ?? '';
};

describe('TermsDialog', () => {
  it('after the pilot: no "voluntary pilot", the fee for each traveller instead', () => {
    const text = termsOn(PILOT_END_DATE);
    expect(text).not.toMatch(/pilot|voluntary/i);
    expect(text).toContain(
      "ETA-IL is the State of Israel's electronic travel authorization. The application fee is 25 NIS for each traveller.",
    );
    expect(text).toContain('The State of Israel is not liable');
  });

  it("while a pilot runs: SPEC's wording, a voluntary pilot", () => {
    const text = termsOn('2024-12-31');
    expect(text).toContain('ETA-IL is a voluntary pilot. Taking part is your choice.');
    expect(text).not.toContain('application fee');
  });
});
