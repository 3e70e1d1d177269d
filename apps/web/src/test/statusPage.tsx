// /status as the tests of its panels open it: the server faked (test/server.ts; POST /api/status
// answers an application waiting for its decision unless the test's routes say otherwise), the
// page rendered, the three facts entered and "Check status" pressed.
import { act, fireEvent, screen } from '@testing-library/react';
import { StatusPage } from '../routes/status/StatusPage.tsx';
import { fillDateBoxes } from './dateBoxes.ts';
import { renderScreen, seedReferenceData } from './render.tsx';
import { fakeServer, type Reply } from './server.ts';

const SUBMITTED: Reply = {
  status: 200,
  payload: { status: 'submitted', updatedAt: '2026-11-22T09:00:00.000Z' },
};

export const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

export const click = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

/** Looks up IL-1234-5678 (passport AB1234567, born 1990-07-04); answers the faked server. */
export const lookUpStatus = async (routes: Record<string, Reply | Reply[]>) => {
  // The lists a panel may need (the new passport's countries), as a traveller's browser has them:
  // no test depends on another having loaded them first.
  seedReferenceData();
  const server = fakeServer({ 'POST /api/status': SUBMITTED, ...routes });
  await act(async () => {
    renderScreen(<StatusPage />, { path: '/status' });
  });
  fill('Application number', 'IL-1234-5678');
  fill('Passport number', 'AB1234567');
  fillDateBoxes('Date of birth', '1990-07-04');
  await click('Check status');
  return server;
};
