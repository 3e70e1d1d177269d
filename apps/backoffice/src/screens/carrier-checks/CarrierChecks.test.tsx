// The record of carriers' boarding checks: each check's carrier, flight and answers, newest first.
import type { CarrierChecksAnswer } from '@eta-il/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heading, openScreen, tableRows } from '../../test/render.tsx';
import { fakeServer, me, ok, STAFF } from '../../test/server.ts';
import { CarrierChecks } from './CarrierChecks.tsx';

describe('CarrierChecks', () => {
  it("shows each check with the carrier, the flight and every passenger's answer", async () => {
    const server = fakeServer({
      'GET me': me(STAFF.auditor),
      'GET carrier-checks?limit=100': ok<CarrierChecksAnswer>({
        checks: [
          {
            id: 'check-1',
            carrierName: 'El Al',
            carrierCode: 'LY',
            flightCarrier: 'LY',
            flightNumber: '8',
            departureDate: '2026-12-01',
            from: 'JFK',
            checkedAt: '2026-11-30T18:00:00Z',
            passengers: 2,
            results: [
              { reference: 'P1', answer: 'OK' },
              { reference: 'P2', answer: 'NO_BOARD', reason: 'REVOKED' },
            ],
          },
        ],
      }),
    });
    await openScreen(<CarrierChecks />, { path: '/carrier-checks', staff: STAFF.auditor });
    expect(heading()).toBe('Carrier checks');
    expect(tableRows(await screen.findByRole('table'))).toEqual([
      ['Checked', 'Carrier', 'Flight', 'Answers'],
      [
        '30 November 2026 at 18:00 UTC',
        'El Al (LY)',
        'LY 8 JFK 2026-12-01',
        'P1: OK; P2: NO_BOARD (REVOKED)',
      ],
    ]);
    expect(server.routes()).toEqual(['GET carrier-checks?limit=100']);
  });

  it('says when there are none', async () => {
    fakeServer({
      'GET me': me(STAFF.auditor),
      'GET carrier-checks?limit=100': ok<CarrierChecksAnswer>({ checks: [] }),
    });
    await openScreen(<CarrierChecks />, { path: '/carrier-checks', staff: STAFF.auditor });
    await screen.findByText('No checks yet.');
  });
});
