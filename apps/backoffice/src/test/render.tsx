// A screen as the app shows it: inside the session (which asks GET me, answered by the test's
// fake server) and a memory router at the screen's own path. A path the screen leads to shows
// where the router went (`currentPath`).
import type { StaffMember } from '@eta-il/domain';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SessionProvider, useSession } from '../session.tsx';

const Where = () => <p data-testid="location">{useLocation().pathname}</p>;

/** Whether the session has answered GET me yet, for the test to wait on. */
const SessionKnown = () =>
  useSession().staff === undefined ? null : <span data-testid="session-known" hidden />;

/**
 * Renders `ui` at `path` (matched by `route`, '/cases/:id'), then waits until the session has
 * answered GET me (signed in, the header names who).
 */
export const openScreen = async (
  ui: ReactNode,
  { path = '/', route = path, staff }: { path?: string; route?: string; staff: StaffMember | null },
) => {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider>
        <SessionKnown />
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
  await screen.findByTestId('session-known');
  if (staff) await screen.findByText(staff.email, { exact: false, selector: '.office-nav__who' });
};

/** Where the screen led, once it left its path. */
export const currentPath = () => screen.queryByTestId('location')?.textContent;

/** The screen's title (its one h1). */
export const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

/** A table's rows as the cells' texts, header row first. */
export const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''),
    );

/** A summary list's value by its label (its <dt>), within a part of the page or the whole. */
export const listValue = (label: string, part: HTMLElement = document.body) =>
  within(part).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** The error summary's links: the text and the field each points to, in page order. */
export const summaryErrors = () =>
  [...document.querySelectorAll('.error-summary a')].map(
    (a) => `${a.getAttribute('href')} ${a.textContent}`,
  );
