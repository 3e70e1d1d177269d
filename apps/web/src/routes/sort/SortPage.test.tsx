import { type ApplicationDraft, blankDraft, ROUTES, withBearer } from '@eta-il/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { SortPage } from './SortPage.tsx';

const begun = (): ApplicationDraft =>
  withBearer(
    {
      ...blankDraft(),
      reqDisclaimer: 1,
      reqMainEmailAddress: 'anna@example.com',
      applicantTsadGimel: {
        groupTypeId: '1:Myself',
        applicantPassportNum: '',
        applicantPassportCountryId: '',
        applicantFirstName: '',
        applicantLastName: '',
        applicantMobilePhoneNum: '',
      },
    },
    {
      entryReasonId: { id: 1, Description: 'Tourism' },
      estimatedArrivalDate: '2030-05-01',
      lengthOfStayId: { id: 2, Description: 'Up to 1 month' },
    },
  );

const open = (draft: ApplicationDraft, verified: boolean) => {
  sessionStorage.setItem('jsonForm', JSON.stringify(draft));
  if (verified) sessionStorage.setItem('auth-token', 'token');
  renderScreen(<SortPage />, { path: ROUTES.sort });
};

const rows = () =>
  screen.getAllByRole('listitem').map((item) => {
    const [name, status] = [item.firstElementChild!, item.lastElementChild!];
    return [
      name.textContent,
      status.textContent,
      within(item).queryByRole('link')?.getAttribute('href') ?? null,
    ];
  });

describe('Application overview (/sort)', () => {
  it('lists every step as not started for a new application, and continues at the start form', () => {
    open(blankDraft(), false);
    expect(rows().map(([name, status]) => [name, status])).toEqual([
      ['Who you are applying for', 'Not started'],
      ['Your email address', 'Not started'],
      ['Email verification', 'Not started'],
      ['Travel information', 'Not started'],
      ['Passport details', 'Not started'],
      ['Personal details', 'Not started'],
      ['Passport photo', 'Not started'],
      ['Previous visits and history', 'Not started'],
      ['Review and submit', 'Not started'],
    ]);
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(ROUTES.forms);
  });

  it('marks done steps Completed, links those after the code, and continues at the first unfinished', () => {
    const draft = begun();
    open(draft, true);
    expect(rows().slice(0, 5)).toEqual([
      ['Who you are applying for', 'Completed', null],
      ['Your email address', 'Completed', null],
      ['Email verification', 'Completed', null],
      ['Travel information', 'Completed', ROUTES.travel],
      ['Passport details', 'Not started', null],
    ]);
    expect(screen.getByText('You have completed 4 of 9 parts.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      ROUTES.passport,
    );
    // Looking at the overview changes nothing.
    expect(JSON.parse(sessionStorage.getItem('jsonForm')!)).toEqual(draft);
    expect(sessionStorage.getItem('auth-token')).toBe('token');
  });

  it('continues at the email code when the address is not yet verified', () => {
    open(begun(), false);
    expect(rows()[2]!.slice(0, 2)).toEqual(['Email verification', 'Not started']);
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(ROUTES.code);
  });
});
