// The supervisors' queue of reviews: oldest first as the server lists them, each linking to its
// review and saying whether this supervisor may decide it; empty; refused to other roles.
import type { ReviewSummary, ReviewsAnswer } from '@eta-il/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heading, openScreen, tableRows } from '../../test/render.tsx';
import { fakeServer, me, ok, refused, STAFF } from '../../test/server.ts';
import { Reviews } from './Reviews.tsx';

const review = (changes: Partial<ReviewSummary>): ReviewSummary => ({
  id: 'app-1',
  applicationNumber: '2026-000101',
  name: 'JANE DOE',
  askedAt: '2026-11-20T09:00:00Z',
  documents: 1,
  mayDecide: true,
  notDecidable: null,
  ...changes,
});

describe('Reviews', () => {
  it('lists the reviews waiting, each linked, saying who may decide it', async () => {
    fakeServer({
      'GET me': me(STAFF.supervisor),
      'GET reviews': ok<ReviewsAnswer>({
        reviews: [
          review({}),
          review({
            id: 'app-2',
            applicationNumber: '2026-000102',
            name: 'JOHN ROE',
            askedAt: '2026-11-21T09:00:00Z',
            documents: 0,
            mayDecide: false,
            notDecidable: 'tookPart',
          }),
        ],
      }),
    });
    await openScreen(<Reviews />, { path: '/reviews', staff: STAFF.supervisor });
    expect(heading()).toBe('Reviews of refusals');
    const table = await screen.findByRole('table', { name: '2 reviews waiting' });
    expect(tableRows(table).map((row) => [row[0], row[1], row[3], row[4]])).toEqual([
      ['Application', 'Traveller', 'Documents', 'Your part'],
      ['2026-000101', 'JANE DOE', '1', 'You may decide it'],
      ['2026-000102', 'JOHN ROE', '0', 'You took part in the refusal'],
    ]);
    expect(screen.getByRole('link', { name: '2026-000102' }).getAttribute('href')).toBe(
      '/reviews/app-2',
    );
    // The navigation offers the reviews to a supervisor.
    expect(screen.getByRole('link', { name: 'Reviews' }).getAttribute('href')).toBe('/reviews');
  });

  it('says when none waits', async () => {
    fakeServer({
      'GET me': me(STAFF.supervisor),
      'GET reviews': ok<ReviewsAnswer>({ reviews: [] }),
    });
    await openScreen(<Reviews />, { path: '/reviews', staff: STAFF.supervisor });
    expect(await screen.findByText('No review is waiting.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is not in an officer’s navigation, and the server’s refusal is said in words', async () => {
    fakeServer({ 'GET me': me(STAFF.officer), 'GET reviews': refused(403, 'roleNotAllowed') });
    await openScreen(<Reviews />, { path: '/reviews', staff: STAFF.officer });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your role has no use for this page.',
    );
    expect(screen.queryByRole('link', { name: 'Reviews' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
