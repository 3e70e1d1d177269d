// SPEC §2 routes /visa-option (the link target of blocking alerts): who needs a visa instead, how
// to apply, Palestinian Authority residents, who is exempt, with the stay limit of SPEC §9.
import { ROUTES } from '@eta-il/domain';
import { act, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { VisaOptionPage } from './VisaOptionPage.tsx';

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
    expect(lists.map((l) => l.querySelectorAll('li').length)).toEqual([5, 3, 2]);
    expect(
      screen.getByText(
        'Residents of the Palestinian Authority are directed to the Allenby Crossing. Arrangements exist for other crossings.',
      ),
    ).toBeTruthy();
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
