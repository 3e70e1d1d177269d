// SPEC §2 "Eligibility main purpose": 'What’s the main purpose of your visit?' with the entry
// reasons, Back and Next; Next stores the choice and goes to /EligibilityResult. No nationality: back.
import { entryReasonValue, findCountryByCode, passportCountryValue, ROUTES } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, openScreenAt, seedReferenceData } from '../../test/render.tsx';
import { EligibilityMainPurposePage } from './EligibilityMainPurposePage.tsx';

const france = findCountryByCode(referenceData, 'FRA')!;
const reason = (code: number) => referenceData.entryReasons.find((r) => r.Code === code)!;

const open = async () => {
  await openScreenAt(ROUTES.eligibilityMainPurpose, <EligibilityMainPurposePage />);
};
const location = currentPath;
const list = () => screen.getByRole('combobox', { name: 'Main purpose of your visit' });

beforeEach(() => {
  seedReferenceData();
  sessionStorage.setItem('national', passportCountryValue(france));
});

describe('EligibilityMainPurposePage', () => {
  it('without a stored nationality goes back to the nationality question', async () => {
    sessionStorage.removeItem('national');
    await open();
    expect(location()).toBe(ROUTES.eligibilityNational);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('asks the question as step 2 of 3, names the chosen nationality and lists the entry reasons by code', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'What’s the main purpose of your visit?',
    );
    expect(document.title).toBe('What’s the main purpose of your visit? – ETA-IL');
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    const steps = screen.getByRole('navigation', { name: 'Application progress' });
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain('Main purpose');
    expect(steps.textContent).toContain('France');
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([
      'Choose',
      'Tourism or a private visit',
      'Visiting family or friends',
      'Business meetings',
      'Work or employment',
      'Conference, exhibition or seminar',
      'Medical treatment',
      'Transit',
      'Pilgrimage or religious visit',
      'Sports or cultural event',
      'Academic visit or short course',
      'Studies',
      'Volunteering',
    ]);
  });

  it('Next with no choice says what to do and focuses the list; it stays on the page', async () => {
    await open();
    await act(async () => screen.getByRole('button', { name: 'Next' }).click());
    expect(screen.getByText('Choose the main purpose of your visit')).toBeTruthy();
    expect(document.activeElement).toBe(list());
    expect(list().getAttribute('aria-invalid')).toBe('true');
    expect(list().getAttribute('aria-describedby')).toBe('mainPurpose-error');
    expect(document.title.startsWith('Error: ')).toBe(true);
    expect(location()).toBeUndefined();
    expect(sessionStorage.getItem('mainPurpose')).toBeNull();
  });

  it('Next stores the chosen purpose and goes to /EligibilityResult', async () => {
    await open();
    await act(async () => {
      fireEvent.change(list(), { target: { value: entryReasonValue(reason(3)) } });
    });
    await act(async () => screen.getByRole('button', { name: 'Next' }).click());
    expect(location()).toBe(ROUTES.eligibilityResult);
    expect(sessionStorage.getItem('mainPurpose')).toBe(entryReasonValue(reason(3)));
  });

  it('shows a purpose stored before as chosen, and Back goes to the nationality question without storing', async () => {
    sessionStorage.setItem('mainPurpose', entryReasonValue(reason(6)));
    await open();
    expect((list() as HTMLSelectElement).value).toBe(entryReasonValue(reason(6)));
    await act(async () => {
      fireEvent.change(list(), { target: { value: entryReasonValue(reason(1)) } });
    });
    await act(async () => screen.getByRole('button', { name: 'Back' }).click());
    expect(location()).toBe(ROUTES.eligibilityNational);
    expect(sessionStorage.getItem('mainPurpose')).toBe(entryReasonValue(reason(6)));
  });
});
