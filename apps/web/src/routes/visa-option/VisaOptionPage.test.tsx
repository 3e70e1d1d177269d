// SPEC §2 routes /visa-option (the link target of blocking alerts): who needs a visa instead, how
// to apply, Palestinian Authority residents, who is exempt, with the stay limit of SPEC §9.
import { isIneligibleMainPurpose, ROUTES } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { act, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { VISA_PURPOSES, VisaOptionPage } from './VisaOptionPage.tsx';

const Where = () => <p data-testid="location">{useLocation().pathname}</p>;

const open = () =>
  renderScreen(
    <Routes>
      <Route path={ROUTES.visaOption} element={<VisaOptionPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: ROUTES.visaOption },
  );

describe('VisaOptionPage', () => {
  it('titles the page and gives its four sections in order', () => {
    open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Visa options');
    expect(document.title).toBe('Visa options – ETA-IL');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Who needs a visa instead of an ETA-IL',
      'How to apply for a visa',
      'Residents of the Palestinian Authority',
      'Who does not need an ETA-IL',
    ]);
    const lists = screen.getAllByRole('list');
    expect(lists.map((l) => l.querySelectorAll('li').length)).toEqual([6, 3, 2]);
    expect(
      screen.getByText(
        'Residents of the Palestinian Authority are directed to the Allenby Crossing. Arrangements exist for other crossings.',
      ),
    ).toBeTruthy();
  });

  it('names as needing a visa exactly the main purposes the eligibility check refuses: studies among them (decision 037)', () => {
    open();
    const refused = referenceData.entryReasons.filter(isIneligibleMainPurpose);
    expect(refused.map((r) => r.Description)).toContain('Studies');
    expect(Object.keys(VISA_PURPOSES).map(Number)).toEqual(refused.map((r) => r.Code));
    const items = screen.getAllByRole('list')[0]!.querySelectorAll('li');
    expect([...items].slice(0, 3).map((li) => li.textContent)).toEqual([
      'People coming to Israel to work.',
      'People coming to Israel to study.',
      'People coming to Israel to volunteer.',
    ]);
  });

  it('states the longest stay with the constants (90 days, 3 months) and leaves no placeholder', () => {
    open();
    expect(
      screen.getByText(
        'People who want to stay more than 90 days (3 months). A longer stay needs a visa or an extension request.',
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\{\{|visaOption\./);
  });

  it('"Check your eligibility again" goes to /EligibilityNational', async () => {
    open();
    const back = screen.getByRole('link', { name: 'Check your eligibility again' });
    expect(back.getAttribute('href')).toBe(ROUTES.eligibilityNational);
    await act(async () => back.click());
    expect(screen.getByTestId('location').textContent).toBe(ROUTES.eligibilityNational);
  });
});
