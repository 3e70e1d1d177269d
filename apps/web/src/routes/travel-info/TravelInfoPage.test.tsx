// /travelInfo (SPEC §2 "Travel information", §4 "Travel info submit"): Next goes to the passport;
// in edit mode 'Save and go to review' and 'Edit next' replace Next and Back stays.
import { blankDraft, entryReasonValue, ROUTES } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { validDraft } from '../../../../../packages/domain/test/fixtures.ts';
import { readDraft, readFlags, setFlag, writeDraft } from '../../session/draft.ts';
import { openScreenAt, seedReferenceData } from '../../test/render.tsx';
import { TravelInfoPage } from './TravelInfoPage.tsx';

const open = async () => {
  await openScreenAt(ROUTES.travel, <TravelInfoPage />);
  await screen.findByRole('heading', { level: 1 });
};
const purposeBox = () =>
  screen.getByRole('combobox', { name: 'Purpose of your visit' }) as HTMLSelectElement;
const reason = (code: number) => referenceData.entryReasons.find((r) => r.Code === code)!;
const buttons = () =>
  [...document.querySelectorAll('.navbar button')].map((b) => b.textContent ?? '');

beforeEach(() => {
  seedReferenceData();
  writeDraft(validDraft());
});

describe('TravelInfoPage', () => {
  it('§2 travel: Back and Next; Next saves and goes to the passport details', async () => {
    await open();
    expect(buttons()).toEqual(['Back', 'Next', 'Save and continue later']);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('location')).textContent).toBe(ROUTES.passport);
    expect(sessionStorage.getItem('dataTravelInfo')).not.toBeNull();
  });

  it("§2 edit mode: 'Save and go to review' and 'Edit next' replace Next, Back stays; saving returns to the review", async () => {
    setFlag('editing', 'travel', true);
    setFlag('confirmations', 'travel', true);
    await open();
    expect(buttons()).toEqual([
      'Back',
      'Save and go to review',
      'Edit next',
      'Save and continue later',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Save and go to review' }));
    expect((await screen.findByTestId('location')).textContent).toBe(ROUTES.review);
    expect(readFlags('editing').travel).toBe(false);
    // Changed (or saved) sections must be confirmed again on the review.
    expect(readFlags('confirmations').travel).toBe(false);
    expect(readDraft().bearerList[0]?.entryReasonId).toEqual(
      validDraft().bearerList[0]?.entryReasonId,
    );
  });

  it('§2 edit mode: Back still leads to the step before (/sort)', async () => {
    setFlag('editing', 'travel', true);
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((await screen.findByTestId('location')).textContent).toBe(ROUTES.sort);
  });

  it('carries over the main purpose answered in the eligibility check when none is chosen yet', async () => {
    writeDraft(blankDraft());
    sessionStorage.setItem('mainPurpose', entryReasonValue(reason(6)));
    await open();
    expect(purposeBox().value).toBe(entryReasonValue(reason(6)));
    expect(purposeBox().selectedOptions[0]?.textContent).toBe('Medical treatment');
  });

  it('keeps a purpose already chosen rather than the eligibility answer', async () => {
    sessionStorage.setItem('mainPurpose', entryReasonValue(reason(6)));
    await open();
    const chosen = Number(validDraft().bearerList[0]?.entryReasonId?.id);
    expect(chosen).not.toBe(6);
    expect(purposeBox().value).toBe(entryReasonValue(reason(chosen)));
  });

  it('does not carry over a purpose ETA-IL does not cover (Studies): "Choose" stays', async () => {
    writeDraft(blankDraft());
    sessionStorage.setItem('mainPurpose', entryReasonValue(reason(11)));
    await open();
    expect(purposeBox().value).toBe('');
  });
});
