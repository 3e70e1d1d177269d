// The group's draft helpers: a traveller added with the first one's trip and contact, each
// traveller seen by the screens as a draft of one, and written back in place.
import { describe, expect, it } from 'vitest';
import {
  addTraveller,
  bearerOf,
  GROUP_SIZE_MAX,
  GROUP_TYPE,
  isStepDone,
  removeTraveller,
  SHARED_TRAVELLER_FIELDS,
  stepById,
  travellerView,
  withTravellerView,
} from '../src/index.ts';
import { bornOn, groupDraft, validDraft } from './fixtures.ts';

describe('addTraveller', () => {
  it('offers the first traveller’s trip and contact, and nothing of their own', () => {
    const draft = addTraveller(validDraft());
    expect(draft.bearerList).toHaveLength(2);
    const [first, added] = draft.bearerList;
    for (const field of SHARED_TRAVELLER_FIELDS) expect(added?.[field]).toEqual(first?.[field]);
    expect(added?.estimatedArrivalDate).not.toBe('');
    expect(added?.passportNum).toBe('');
    expect(added?.photoId).toBeNull();
    expect(added?.previousStayInIsraelYN).toBeNull();
  });

  it('stops at the group’s limit', () => {
    let draft = validDraft();
    for (let i = 0; i < GROUP_SIZE_MAX + 3; i++) draft = addTraveller(draft);
    expect(draft.bearerList).toHaveLength(GROUP_SIZE_MAX);
  });

  it('a new traveller’s trip step is done, their passport step is not', () => {
    const draft = addTraveller(validDraft());
    const progress = { draft: travellerView(draft, 1), verified: true };
    expect(isStepDone(stepById('travel'), progress)).toBe(true);
    expect(isStepDone(stepById('passport'), progress)).toBe(false);
  });
});

describe('travellerView and withTravellerView', () => {
  const group = groupDraft({}, bornOn('2015-03-01', '2022-01-01', 'C1234567'));

  it('shows a later traveller of a "Myself" group as applied for by someone else', () => {
    const myself = { ...group, groupTypeId: { ...GROUP_TYPE.myself } };
    expect(travellerView(myself, 0).groupTypeId.id).toBe(GROUP_TYPE.myself.id);
    const view = travellerView(myself, 1);
    expect(view.bearerList).toEqual([group.bearerList[1]]);
    expect(view.groupTypeId.id).toBe(GROUP_TYPE.someoneElse.id);
    expect(view.reqMainEmailAddress).toBe(group.reqMainEmailAddress);
  });

  it('writes a changed traveller back in place and keeps the group’s type', () => {
    const view = travellerView(group, 1);
    const changed = { ...view, bearerList: [{ ...bearerOf(view), addressTownName: 'Haifa' }] };
    const written = withTravellerView(group, 1, changed);
    expect(written.groupTypeId).toEqual(group.groupTypeId);
    expect(written.bearerList[0]).toEqual(group.bearerList[0]);
    expect(written.bearerList[1]?.addressTownName).toBe('Haifa');
    expect(written.bearerList).toHaveLength(2);
  });

  it('the first traveller’s view writes the application’s own fields and type', () => {
    const view = {
      ...travellerView(group, 0),
      groupTypeId: { ...GROUP_TYPE.someoneElse },
      reqDeclaration: 0 as const,
    };
    const written = withTravellerView(group, 0, view);
    expect(written.groupTypeId.id).toBe(GROUP_TYPE.someoneElse.id);
    expect(written.reqDeclaration).toBe(0);
    expect(written.bearerList[1]).toEqual(group.bearerList[1]);
  });

  it('an index outside the group reads and writes the first traveller', () => {
    expect(travellerView(group, 7).bearerList).toEqual([group.bearerList[0]]);
    const written = withTravellerView(group, 7, travellerView(group, 0));
    expect(written.bearerList).toEqual(group.bearerList);
  });
});

describe('removeTraveller', () => {
  it('removes a later traveller, never the first', () => {
    const group = addTraveller(addTraveller(validDraft()));
    expect(removeTraveller(group, 1).bearerList).toHaveLength(2);
    expect(removeTraveller(group, 0)).toBe(group);
    expect(removeTraveller(group, 5)).toBe(group);
  });
});
