import { blankDraft, ROUTES } from '@eta-il/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { ApplicantStartPage } from './ApplicantStartPage.tsx';

const WARNING = /continuing starts a new application/;

describe('Applicant start (/apply-for-an-eta-il-2)', () => {
  it('explains applying for a minor and leads to the start form, Back to the application start', () => {
    renderScreen(<ApplicantStartPage />, { path: ROUTES.applicantStart });
    expect(screen.getByText(/an adult must apply for them/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(ROUTES.forms);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(ROUTES.applyStart);
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  it('says one application can hold up to 10 travellers, as the review offers (decision 036)', () => {
    renderScreen(<ApplicantStartPage />, { path: ROUTES.applicantStart });
    expect(
      screen.getByText(
        "One application can include up to 10 travellers, for example a family. After the first traveller's details, you can add the others on the review page.",
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/one traveller/i);
  });

  it('warns that the start form clears an application already begun, with a way back to it', () => {
    const draft = {
      ...blankDraft(),
      applicantTsadGimel: {
        groupTypeId: '1:Myself',
        applicantPassportNum: '',
        applicantPassportCountryId: '',
        applicantFirstName: '',
        applicantLastName: '',
        applicantMobilePhoneNum: '',
      },
    };
    sessionStorage.setItem('jsonForm', JSON.stringify(draft));
    renderScreen(<ApplicantStartPage />, { path: ROUTES.applicantStart });
    expect(screen.getByText(WARNING)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Return to your application' }).getAttribute('href'),
    ).toBe(ROUTES.sort);
  });
});
