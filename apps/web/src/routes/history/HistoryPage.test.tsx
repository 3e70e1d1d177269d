// Personal details 2/2 (SPEC §5 "Personal details", history questions), against the domain rules.
import { bearerOf, blankDraft, ROUTES, withBearer } from '@eta-il/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readDraft, writeDraft } from '../../session/draft.ts';
import { renderScreen, seedReferenceData } from '../../test/render.tsx';
import { HistoryPage } from './HistoryPage.tsx';

beforeEach(() => {
  seedReferenceData();
  // The passport step is done: a US passport, born in 1990.
  writeDraft(
    withBearer(blankDraft(), {
      passportCountryId: { id: 840, COUNTRY_CODE: 'USA', Description: 'United States of America' },
      birthDate: '1990-05-01',
    }),
  );
});

const WAIT = { timeout: 5000 };
const CONTROL = { selector: 'input, select, textarea' };

// The reference lists resolve through React's `use`: let the suspended first render finish.
const open = async () => {
  await act(async () => {
    renderScreen(
      <Suspense>
        <HistoryPage />
      </Suspense>,
      { path: ROUTES.history, route: ROUTES.history },
    );
  });
  await screen.findByText('Personal details', { selector: 'h1' }, WAIT);
};

/** Answers a Yes/No question by its legend. */
const answer = (question: string, choice: 'Yes' | 'No') => {
  const group = screen.getByText(question, { selector: 'legend' }).closest('fieldset')!;
  fireEvent.click(within(group).getByLabelText(choice));
};
const next = () => fireEvent.click(screen.getByText('Next', { selector: 'button' }));
const summaryLinks = () =>
  [...document.querySelectorAll('.error-summary a')].map((a) => a.getAttribute('href'));

const STAY = 'Have you stayed in Israel before?';
const VISA = 'Have you applied for another visa to Israel?';
const REFUSED = 'Has a request of yours to enter Israel ever been refused?';
const LAW = 'Have you ever been convicted of a crime or are you the subject of legal proceedings?';

describe('HistoryPage', { timeout: 20_000 }, () => {
  it('Yes on a previous stay asks for the year, which may not be before the birth year', async () => {
    await open();
    expect(screen.queryByLabelText('In which year was your last stay?')).toBeNull();
    answer(STAY, 'Yes');
    const year = screen.getByLabelText('In which year was your last stay?', CONTROL);
    fireEvent.change(year, { target: { value: '1985' } });
    answer(VISA, 'No');
    answer(REFUSED, 'No');
    answer(LAW, 'No');
    next();
    const message = await screen.findByText(
      'The year cannot be earlier than your year of birth.',
      { selector: '.field__error' },
      WAIT,
    );
    expect(year.getAttribute('aria-describedby')).toContain(message.id);
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect(summaryLinks()).toEqual(['#previousYearInIsrael']);
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('Yes on another visa request makes its description required', async () => {
    await open();
    answer(STAY, 'No');
    answer(VISA, 'Yes');
    answer(REFUSED, 'No');
    answer(LAW, 'No');
    expect(
      screen.getByText('You have 250 characters remaining', { selector: '[aria-hidden]' }),
    ).toBeTruthy();
    next();
    await screen.findByText(
      'Describe your other visa request',
      { selector: '.error-summary a' },
      WAIT,
    );
    expect(summaryLinks()).toEqual(['#anotherVisaRequestDesc']);
    const description = screen.getByLabelText('Describe the request', CONTROL);
    fireEvent.change(description, { target: { value: 'Student visa, 2019' } });
    expect(
      screen.getByText('You have 232 characters remaining', { selector: '[aria-hidden]' }),
    ).toBeTruthy();
    next();
    await screen.findByTestId('elsewhere', {}, WAIT);
    expect(bearerOf(readDraft()).anotherVisaRequestDesc).toBe('Student visa, 2019');
  });

  it('every question is required: unanswered ones are listed in page order', async () => {
    await open();
    next();
    await screen.findByText('There is a problem', {}, WAIT);
    expect(summaryLinks()).toEqual([
      '#previousStayInIsraelYN',
      '#anotherVisaRequestYN',
      '#previousRequestDeniedYN',
      '#lawProblemsYN',
    ]);
  });

  it('all No saves flags 0 and empty descriptions, then goes to the review', async () => {
    await open();
    answer(STAY, 'Yes');
    fireEvent.change(screen.getByLabelText('In which year was your last stay?', CONTROL), {
      target: { value: '2019' },
    });
    answer(STAY, 'No');
    answer(VISA, 'No');
    answer(REFUSED, 'No');
    answer(LAW, 'No');
    expect(screen.queryByLabelText('In which year was your last stay?')).toBeNull();
    next();
    await screen.findByTestId('elsewhere', {}, WAIT);
    const bearer = bearerOf(readDraft());
    expect(bearer).toMatchObject({
      previousStayInIsraelYN: 0,
      previousYearInIsrael: null,
      anotherVisaRequestYN: 0,
      anotherVisaRequestDesc: '',
      previousRequestDeniedYN: 0,
      previousRequestDeniedDesc: '',
      lawProblemsYN: 0,
    });
  });
});
