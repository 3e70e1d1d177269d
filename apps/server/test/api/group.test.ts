// A group application (issue 13): up to GROUP_SIZE_MAX travellers in one POST /api/senddatamarom,
// every traveller checked as a single application's traveller, one application per traveller
// (sharing a group number), each on /status with its own passport number and birth date, each
// decided on its own.
import { GROUP_SIZE_MAX, withBearer } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bornOn, groupDraft } from '../../../../packages/domain/test/fixtures.ts';
import {
  APPLICATION_NUMBER_PATTERN,
  GROUP_NUMBER_PATTERN,
} from '../../src/api/submission/application-number.ts';
import {
  type Applicant,
  applicant,
  jpegImage,
  newSession,
  payFee,
  submit,
  uploadPhoto,
} from '../application.ts';
import { approve, drive, SETUP_MS } from '../decisions/support.ts';
import { DATABASES, startTestServer, type TestServer } from '../harness.ts';

const MYSELF = { applicant: { groupTypeId: '1:Myself' } };
/** Two adults and a child, the first applying for all three. */
const FAMILY = [
  { ...bornOn('1985-01-02', '2020-05-10', 'AB1234567'), ...MYSELF },
  { ...bornOn('1987-03-04', '2020-05-10', 'AB7654321'), ...MYSELF },
  { ...bornOn('2015-05-06', '2022-06-07', 'CH1234567'), ...MYSELF },
];

describe.each(DATABASES)('group application on %s', (kind) => {
  let server: TestServer;
  let family: Applicant;
  let photos: string[];
  beforeAll(async () => {
    server = await startTestServer({ kind });
    family = await applicant(server, 'family@example.com');
    photos = [family.photoId];
    for (let i = 1; i < FAMILY.length; i++) {
      const uploaded = await uploadPhoto(server, family.token, await jpegImage());
      photos.push(uploaded.json().photoId);
    }
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  /** The family's group draft, each traveller with their own photo. */
  const familyDraft = () => {
    const group = groupDraft(...FAMILY);
    return {
      ...group,
      reqMainEmailAddress: family.email,
      bearerList: group.bearerList.map((b, i) => ({ ...b, photoId: photos[i] ?? null })),
    };
  };

  it('a family of three: one number each in bearerList order, a group number, three stored travellers', async () => {
    const answer = await submit(server, family.token, familyDraft());
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ statusCode: 200, firstName: 'JANE MARY', familyName: 'DOE' });
    expect(body.applications).toHaveLength(3);
    expect(body.applications[0].ReqNum).toBe(body.ReqNum);
    for (const a of body.applications) expect(a.ReqNum).toMatch(APPLICATION_NUMBER_PATTERN);
    expect(new Set(body.applications.map((a: { ReqNum: string }) => a.ReqNum)).size).toBe(3);
    expect(body.groupNum).toMatch(GROUP_NUMBER_PATTERN);

    const rows = await server.database.db
      .selectFrom('application')
      .select(['id', 'req_num', 'passport_num', 'group_num', 'draft', 'state'])
      .where('email', '=', family.email)
      .execute();
    const byNumber = new Map(rows.map((r) => [r.req_num, r]));
    const stored = body.applications.map((a: { ReqNum: string }) => byNumber.get(a.ReqNum));
    expect(stored.map((r: (typeof rows)[number]) => r.passport_num)).toEqual([
      'AB1234567',
      'AB7654321',
      'CH1234567',
    ]);
    expect(
      stored.map((r: (typeof rows)[number]) => r.draft.bearerList[0]?.relationshipTypeId),
    ).toEqual([
      { id: 2, Description: 'Adult' },
      { id: 2, Description: 'Adult' },
      { id: 1, Description: 'Minor' },
    ]);
    for (const r of stored) {
      expect(r.group_num).toBe(body.groupNum);
      expect(r.draft.bearerList).toHaveLength(1);
      // The fee is due (issue 27): the family waits for it, then pays once for all three.
      expect(r.state).toBe('awaiting_payment');
    }
    await payFee(server, {
      applicationNumber: body.applications[0].ReqNum,
      passportNumber: 'AB1234567',
      birthDate: FAMILY_BIRTHS[0] as string,
    });

    // Each is decided on its own: the child's is approved, the parents' stay where they were.
    const child = stored[2] as (typeof rows)[number];
    await approve(server, child.id);
    const parent = stored[1] as (typeof rows)[number];
    await drive(server, parent.id, [['startScreening']]);
    const status = (i: number) =>
      server.request({
        method: 'POST',
        url: '/api/status',
        payload: {
          applicationNumber: body.applications[i].ReqNum,
          passportNumber: stored[i].passport_num,
          birthDate: FAMILY_BIRTHS[i],
        },
      });
    const answers = await Promise.all([0, 1, 2].map(status));
    expect(answers.map((a) => a.json().status)).toEqual(['submitted', 'screening', 'approved']);
    // A traveller's number with another traveller's passport is not found.
    const crossed = await server.request({
      method: 'POST',
      url: '/api/status',
      payload: {
        applicationNumber: body.applications[2].ReqNum,
        passportNumber: 'AB1234567',
        birthDate: FAMILY_BIRTHS[0],
      },
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('a family sent three times at once with one Idempotency-Key: one group stored, three identical answers', async () => {
    const token = await newSession(server, family.email);
    const headers = { 'idempotency-key': `family-at-once-${kind}` };
    const before = await server.database.db
      .selectFrom('application')
      .select('req_num')
      .where('email', '=', family.email)
      .execute();
    const answers = await Promise.all(
      [1, 2, 3].map(() => submit(server, token, familyDraft(), headers)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const [first, ...others] = answers.map((a) => a.json());
    for (const other of others) expect(other).toEqual(first);
    expect(first.groupNum).toMatch(GROUP_NUMBER_PATTERN);
    const added = await server.database.db
      .selectFrom('application')
      .select(['req_num', 'group_num'])
      .where('email', '=', family.email)
      .where('req_num', 'not in', before.map((r) => r.req_num).concat(['-']))
      .execute();
    expect(added.map((r) => r.req_num).sort()).toEqual(
      first.applications.map((a: { ReqNum: string }) => a.ReqNum).sort(),
    );
    for (const row of added) expect(row.group_num).toBe(first.groupNum);
  });

  it(`a group of ${GROUP_SIZE_MAX + 1} is refused with a clear 400, and nothing is stored`, async () => {
    const eleven = applicant(server, 'eleven@example.com');
    const person = await eleven;
    const one = person.draft();
    const draft = {
      ...one,
      bearerList: Array.from({ length: GROUP_SIZE_MAX + 1 }, () => one.bearerList[0]),
    };
    const answer = await submit(server, person.token, draft);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      statusCode: 400,
      message: `One application can include at most ${GROUP_SIZE_MAX} travellers. Please make another application for the others.`,
    });
    const rows = await server.database.db
      .selectFrom('application')
      .select('id')
      .where('email', '=', person.email)
      .execute();
    expect(rows).toEqual([]);
  });

  it('every traveller is validated as one traveller is: a bad second passport number names traveller 2', async () => {
    const draft = familyDraft();
    draft.bearerList[1] = { ...draft.bearerList[1]!, passportNum: 'AB-76' };
    const answer = await submit(server, await newSession(server, family.email), draft);
    expect(answer.statusCode).toBe(400);
    const issues = JSON.parse(answer.json().body).issues;
    expect(issues).toEqual([
      expect.objectContaining({ field: 'passportNum', step: 'passport', traveller: 1 }),
    ]);
    expect(answer.json().message).toMatch(/^Traveller 2: /);
  });

  it("a traveller whose photo is not this address's is refused, naming the traveller", async () => {
    const draft = familyDraft();
    draft.bearerList[2] = {
      ...draft.bearerList[2]!,
      photoId: '00000000-0000-4000-8000-000000000000',
    };
    const answer = await submit(server, await newSession(server, family.email), draft);
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.json().body).issues).toEqual([
      expect.objectContaining({ field: 'photoId', message: 'photoNotFound', traveller: 2 }),
    ]);
  });

  it("a child as a 'Myself' group's first traveller is refused as SPEC's minor rule says", async () => {
    const draft = familyDraft();
    draft.bearerList = [draft.bearerList[2]!, draft.bearerList[0]!];
    const answer = await submit(server, await newSession(server, family.email), draft);
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.json().body).issues).toEqual([
      expect.objectContaining({ message: 'minorMustBeAppliedFor', traveller: 0 }),
    ]);
  });

  it('one traveller answers as before, with a one-entry applications list and no group number', async () => {
    const single = await applicant(server, 'single@example.com');
    const answer = await submit(server, single.token, withBearer(single.draft(), {}));
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.applications).toEqual([
      { ReqNum: body.ReqNum, firstName: 'JANE MARY', familyName: 'DOE' },
    ]);
    expect(body.groupNum).toBeUndefined();
  });
});

const FAMILY_BIRTHS = ['1985-01-02', '1987-03-04', '2015-05-06'];
