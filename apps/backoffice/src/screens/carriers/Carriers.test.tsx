// Carriers (admins): the airlines on the carrier API; a new one checked before it is sent, whose
// key is shown once; revoking one, or giving it a new key.
import type {
  AddCarrierRequest,
  CarrierAccount,
  CarrierAnswer,
  CarrierKey,
  CarriersAnswer,
} from '@eta-il/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heading, openScreen, summaryErrors, tableRows } from '../../test/render.tsx';
import { fakeServer, me, ok, STAFF } from '../../test/server.ts';
import { Carriers } from './Carriers.tsx';

const ELAL: CarrierAccount = {
  id: 'carrier-1',
  name: 'El Al',
  iataCode: 'LY',
  createdAt: '2026-10-01T08:00:00Z',
  revokedAt: null,
};
const OLD: CarrierAccount = {
  id: 'carrier-2',
  name: 'Old Air',
  iataCode: 'OA',
  createdAt: '2026-09-01T08:00:00Z',
  revokedAt: '2026-10-15T12:30:00Z',
};

const open = async (routes: Parameters<typeof fakeServer>[0]) => {
  const server = fakeServer({
    'GET me': me(STAFF.admin),
    'GET carriers': ok<CarriersAnswer>({ carriers: [ELAL, OLD] }),
    ...routes,
  });
  await openScreen(<Carriers />, { path: '/carriers', staff: STAFF.admin });
  await screen.findByRole('table');
  return server;
};
const add = (name: string, iataCode: string) => {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('IATA code'), { target: { value: iataCode } });
  fireEvent.click(screen.getByRole('button', { name: 'Add carrier' }));
};

describe('Carriers', () => {
  it('lists the carriers; a revoked one says since when and cannot be revoked again', async () => {
    await open({});
    expect(heading()).toBe('Carriers');
    expect(tableRows(screen.getByRole('table'))).toEqual([
      ['Name', 'IATA code', 'State', 'Added', 'Actions'],
      ['El Al', 'LY', 'Active', '1 October 2026 at 08:00 UTC', 'Replace key El Al Revoke El Al'],
      [
        'Old Air',
        'OA',
        'Revoked 15 October 2026 at 12:30 UTC',
        '1 September 2026 at 08:00 UTC',
        'Replace key Old Air',
      ],
    ]);
  });

  it('checks the name and the code before sending, in the error summary', async () => {
    const server = await open({});
    add('  ', 'L');
    await screen.findByText('There is a problem');
    expect(summaryErrors()).toEqual([
      '#carrierName Enter the carrier’s name (up to 100 characters)',
      '#iataCode Enter the IATA code: 2 or 3 letters or digits, such as LY',
    ]);
    expect(server.called('POST carriers')).toEqual([]);
  });

  it('adds a carrier, its code in capitals, and shows its key this once', async () => {
    const added: CarrierAccount = { ...ELAL, id: 'carrier-3', name: 'Arkia', iataCode: 'IZ' };
    const server = await open({
      'POST carriers': ok<CarrierKey>({ carrier: added, key: 'k-123' }, 201),
    });
    add(' Arkia ', 'iz');
    expect((await screen.findByTestId('carrier-key')).textContent).toBe('k-123');
    expect(screen.getByText(/^The API key of Arkia\./)).toBeTruthy();
    expect(server.called('POST carriers').map((c) => c.body)).toEqual([
      { name: 'Arkia', iataCode: 'IZ' } satisfies AddCarrierRequest,
    ]);
  });

  it('gives a carrier a new key, and revokes one', async () => {
    const server = await open({
      'POST carriers/carrier-1/replace-key': ok<CarrierKey>({ carrier: ELAL, key: 'k-new' }),
      'POST carriers/carrier-1/revoke': ok<CarrierAnswer>({
        carrier: { ...ELAL, revokedAt: '2026-11-22T10:00:00Z' },
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Replace key El Al' }));
    expect((await screen.findByTestId('carrier-key')).textContent).toBe('k-new');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke El Al' }));
    await screen.findByText('El Al is revoked: its key no longer works.');
    // The key shown before is gone: it is shown once.
    expect(screen.queryByTestId('carrier-key')).toBeNull();
    expect(server.routes()).toEqual([
      'GET carriers',
      'POST carriers/carrier-1/replace-key',
      'GET carriers',
      'POST carriers/carrier-1/revoke',
      'GET carriers',
    ]);
  });
});
