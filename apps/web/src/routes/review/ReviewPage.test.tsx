// SPEC §4 "Review": sections are confirmed one by one; Submit needs all three and the declaration;
// it leads to the thank-you page once; 'Edit information' opens the section in edit mode.
import { type ApplicationDraft, ROUTES, withBearer } from '@eta-il/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bornOn, groupDraft, validDraft } from '../../../../../packages/domain/test/fixtures.ts';
import { forgetFee } from '../../components/fee.ts';
import { currentTraveller, readFlags, readGroup } from '../../session/draft.ts';
import { renderScreen, seedReferenceData } from '../../test/render.tsx';
import { configReply } from '../../test/server.ts';
import { ReviewPage } from './ReviewPage.tsx';

const navigations = vi.hoisted(() => [] as unknown[]);
vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router')>();
  return {
    ...actual,
    useNavigate: () => {
      const navigate = actual.useNavigate();
      return (...args: Parameters<typeof navigate>) => {
        navigations.push(args[0]);
        return navigate(...args);
      };
    },
  };
});

const seed = (draft: ApplicationDraft, confirmations: Record<string, boolean> = {}) => {
  seedReferenceData();
  sessionStorage.setItem('jsonForm', JSON.stringify(draft));
  sessionStorage.setItem('auth-token', 'token');
  sessionStorage.setItem('confirmations', JSON.stringify(confirmations));
};

const undeclared = (): ApplicationDraft => ({ ...validDraft(), reqDeclaration: 0 });
const panel = (name: RegExp) => screen.getByRole('button', { name: new RegExp(`^${name.source}`) });
/** Renders the review once its reference lists (read with React's `use`) have resolved. */
const renderReview = async () => {
  await act(async () => {
    renderScreen(<ReviewPage />, { path: ROUTES.review, route: ROUTES.review });
  });
  await screen.findByRole('heading', { level: 1, name: 'Check your answers and confirm' });
};

beforeEach(() => {
  navigations.length = 0;
  // The photo thumbnail's request: answered 404, so the panel says the photo cannot be shown.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ReviewPage', () => {
  it('shows the draft with readable values and dates as DD/MM/YYYY', async () => {
    seed(undeclared());
    await renderReview();
    const travel = screen.getByRole('region', { name: /Travel information/ });
    expect(within(travel).getByText('15 March 2027')).toBeTruthy();
    fireEvent.click(panel(/Passport details/));
    const passport = screen.getByRole('region', { name: /Passport details/ });
    expect(within(passport).getByText('Passport number').nextSibling?.textContent).toBe(
      'AB1234567',
    );
    expect(within(passport).getByText('4 July 1990')).toBeTruthy();
  });

  it('says what can still be corrected after submitting, not that nothing can (decision 036)', async () => {
    seed(undeclared());
    await renderReview();
    expect(
      screen.getByText(
        'After you submit, your passport and identity details can no longer be changed. Until a decision is made, some contact and trip details can still be corrected on the Application status page.',
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/cannot edit/i);
  });

  it.each([
    [
      true,
      'The application fee is 25 NIS for each traveller. After you submit, the next page takes you to a secure card payment. We start checking your application once it is paid.',
    ],
    [
      false,
      'The application fee of 25 NIS is normally paid after this step. During the pilot there is no fee to pay.',
    ],
  ])(
    'the fee as /api/config states it (charged: %s): payment follows on the next page',
    async (charged, text) => {
      forgetFee();
      vi.stubGlobal(
        'fetch',
        vi.fn(async (path: string) =>
          path === '/api/config'
            ? new Response(JSON.stringify(configReply(charged).payload))
            : new Response('{}', { status: 404 }),
        ),
      );
      seed(undeclared());
      await renderReview();
      expect(await screen.findByText(text)).toBeTruthy();
    },
  );

  it('shows the record the server stores: names in capitals, no employer for the unemployed', async () => {
    seed(
      withBearer(undeclared(), {
        fatherFirstName: 'john',
        companyOccupationTypeId: { id: 2, Description: 'Employed' },
        companyName: 'Acme Inc.',
      }),
    );
    await renderReview();
    fireEvent.click(panel(/Personal details/));
    const personal = screen.getByRole('region', { name: /Personal details/ });
    expect(within(personal).getByText("Father's first name").nextSibling?.textContent).toBe('JOHN');
    expect(within(personal).getByText('Unemployed')).toBeTruthy();
    expect(within(personal).queryByText('Acme Inc.')).toBeNull();
  });

  it("Submit with unconfirmed sections marks them 'Confirmation required' and does not navigate", async () => {
    seed(undeclared());
    await renderReview();
    expect(panel(/Travel information/).textContent).toContain('Not yet reviewed');
    fireEvent.click(panel(/Declaration/));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    for (const name of [
      /Travel information/,
      /Passport details/,
      /Personal details/,
      /Declaration/,
    ]) {
      expect(panel(name).textContent).toContain('Confirmation required');
    }
    const summary = screen.getByRole('alert');
    const links = within(summary)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links).toEqual([
      'Travel information: Please confirm this section',
      'Passport details: Please confirm this section',
      'Personal details: Please confirm this section',
      'Declaration: Select the box to confirm the terms and conditions.',
    ]);
    expect(document.activeElement).toBe(summary);
    // The same summary as every step's: while it shows, the title starts with "Error:".
    expect(document.title.startsWith('Error: ')).toBe(true);
    expect(navigations).toEqual([]);
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('confirming the three sections and ticking the declaration goes to /thankyou once, even on a double click', async () => {
    seed(undeclared());
    await renderReview();
    for (const name of [/Travel information/, /Passport details/, /Personal details/]) {
      expect(panel(name).getAttribute('aria-expanded')).toBe('true');
      fireEvent.click(screen.getByRole('button', { name: /^Confirm this section/ }));
      expect(panel(name).getAttribute('aria-expanded')).toBe('false');
      expect(panel(name).textContent).toContain('Reviewed');
    }
    expect(readFlags('confirmations')).toMatchObject({
      travel: true,
      passport: true,
      personal: true,
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I confirm the terms and conditions' }));
    expect(panel(/Declaration/).textContent).toContain('Reviewed');

    const submit = screen.getByRole('button', { name: 'Submit' });
    act(() => {
      submit.click();
      submit.click();
    });
    expect(navigations).toEqual([ROUTES.thankyou]);
    expect(screen.getByTestId('elsewhere')).toBeTruthy();
  });

  it('unticking the declaration leaves its panel open, marks it unconfirmed and blocks Submit', async () => {
    seed(validDraft(), { travel: true, passport: true, personal: true, declaration: true });
    await renderReview();
    expect(panel(/Declaration/).getAttribute('aria-expanded')).toBe('true');
    expect(panel(/Declaration/).textContent).toContain('Reviewed');

    fireEvent.click(screen.getByRole('checkbox', { name: 'I confirm the terms and conditions' }));
    expect(panel(/Declaration/).getAttribute('aria-expanded')).toBe('true');
    expect(panel(/Declaration/).textContent).not.toContain('Reviewed');
    expect(readFlags('confirmations').declaration).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(panel(/Declaration/).textContent).toContain('Confirmation required');
    const checkbox = screen.getByRole('checkbox', { name: 'I confirm the terms and conditions' });
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(navigations).toEqual([]);
  });

  it("'Edit information' on travel sets editing.travel, clears its confirmation and opens /travelInfo", async () => {
    seed(undeclared(), { travel: true });
    await renderReview();
    fireEvent.click(panel(/Travel information/));
    fireEvent.click(screen.getByRole('button', { name: /^Edit information.*Travel information$/ }));
    expect(readFlags('editing').travel).toBe(true);
    expect(readFlags('confirmations').travel).toBe(false);
    expect(navigations).toEqual([ROUTES.travel]);
    expect(screen.getByTestId('elsewhere')).toBeTruthy();
  });
});

describe('ReviewPage: a group', () => {
  const family = () => ({
    ...groupDraft({}, bornOn('2016-05-02', '2023-01-10', 'C7654321')),
    reqDeclaration: 0 as const,
  });

  it('shows a section per traveller, named, each confirmed on its own before Submit', async () => {
    seed(family(), { travel: true, passport: true, personal: true });
    await renderReview();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.filter((h) => h?.startsWith('Traveller'))).toHaveLength(2);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    fireEvent.click(panel(/Declaration/));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I confirm the terms and conditions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(navigations).toEqual([]);
    const summary = screen.getByRole('alert');
    expect(within(summary).getAllByRole('link')).toHaveLength(3);
    expect(summary.textContent).toMatch(/Traveller 2: .*Passport details: Please confirm/);
  });

  it("the second traveller's 'Edit information' makes them the traveller the steps fill in", async () => {
    seed(family());
    await renderReview();
    const section = screen.getByRole('region', { name: /^Traveller 2/ });
    fireEvent.click(within(section).getByRole('button', { name: /^Passport details/ }));
    fireEvent.click(
      within(section).getByRole('button', { name: /^Edit information.*Passport details$/ }),
    );
    expect(currentTraveller()).toBe(1);
    expect(readFlags('editing').passport).toBe(true);
    expect(navigations).toEqual([ROUTES.passport]);
  });

  it("'Add another traveller' adds one with the first one's trip and starts at the trip step", async () => {
    seed({ ...validDraft(), reqDeclaration: 1 }, { declaration: true });
    await renderReview();
    fireEvent.click(screen.getByRole('button', { name: 'Add another traveller' }));
    const group = readGroup();
    expect(group.bearerList).toHaveLength(2);
    expect(group.bearerList[1]?.estimatedArrivalDate).toBe(
      group.bearerList[0]?.estimatedArrivalDate,
    );
    expect(group.bearerList[1]?.passportNum).toBe('');
    expect(group.reqDeclaration).toBe(0);
    expect(currentTraveller()).toBe(1);
    expect(navigations).toEqual([ROUTES.travel]);
  });

  it('removing the second traveller leaves the first, whose sections stay confirmed', async () => {
    seed(family(), { travel: true, 'travel.1': true });
    await renderReview();
    fireEvent.click(
      screen.getByRole('button', { name: 'Remove traveller 2 from the application' }),
    );
    expect(readGroup().bearerList).toHaveLength(1);
    expect(readFlags('confirmations')).toMatchObject({ travel: true, 'travel.1': false });
    expect(screen.queryByRole('region', { name: /^Traveller 2/ })).toBeNull();
  });

  it('a traveller who has not finished the steps is taken to their first unfinished one', async () => {
    const group = family();
    const second = group.bearerList[1];
    if (!second) throw new Error('no second traveller');
    seed({ ...group, bearerList: [group.bearerList[0]!, { ...second, photoId: null }] });
    await act(async () => {
      renderScreen(<ReviewPage />, { path: ROUTES.review, route: ROUTES.review });
    });
    // (StrictMode runs the effect twice in tests: to the same place.)
    expect(new Set(navigations)).toEqual(new Set([ROUTES.photo]));
    expect(currentTraveller()).toBe(1);
  });

  it("'Save and continue later' saves the whole group, with no step values of its own", async () => {
    seed(family());
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.endsWith('/api/saved-application')
        ? new Response(
            JSON.stringify({ expiresAt: '2027-01-01T10:00:00.000Z', sentTo: 'j•••@example.com' }),
            { status: 201, headers: { 'content-type': 'application/json' } },
          )
        : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderReview();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save and continue later' }));
    });
    const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/api/saved-application'));
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body.pending).toBeNull();
    expect(body.draft.bearerList).toHaveLength(2);
    expect(await screen.findByText(/j•••@example.com/)).toBeTruthy();
    expect(navigations).toEqual([]);
  });
});
