// A prerendered eligibility question (decision 015) keeps a choice the traveller made before the
// page's script ran: hydration and the render after it leave the list as the browser holds it, and
// Next takes that choice.
import { ROUTES } from '@eta-il/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { seedReferenceData, testI18n } from '../../test/render.tsx';
import { EligibilityQuestion } from './EligibilityQuestion.tsx';

const page = (
  <I18nextProvider i18n={testI18n()}>
    <MemoryRouter initialEntries={[ROUTES.eligibilityNational]}>
      <Routes>
        <Route
          path={ROUTES.eligibilityNational}
          element={
            <EligibilityQuestion
              id="national"
              texts="nationality"
              options={[
                { value: '1,USA', label: 'United States of America' },
                { value: '2,FRA', label: 'France' },
              ]}
            />
          }
        />
        <Route
          path={ROUTES.eligibilityMainPurpose}
          element={<p data-testid="next">next question</p>}
        />
      </Routes>
    </MemoryRouter>
  </I18nextProvider>
);

// The step indicator names the chosen country from the reference lists.
beforeEach(seedReferenceData);
afterEach(() => sessionStorage.clear());

it('a nationality chosen on the prerendered page before hydration is kept, and Next goes on with it', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  const list = container.querySelector('select') as HTMLSelectElement;
  const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
  // In the HTML nothing is chosen and Next waits for the script.
  expect(list.value).toBe('');
  expect(next.disabled).toBe(true);
  list.value = '2,FRA';
  await act(async () => {
    render(page, { container, hydrate: true });
  });
  expect(list.value).toBe('2,FRA');
  expect(next.disabled).toBe(false);
  await act(async () => fireEvent.click(next));
  expect(screen.getByTestId('next')).toBeTruthy();
  expect(sessionStorage.getItem('national')).toBe('2,FRA');
  container.remove();
});
