// Each step's form values → the jsonForm draft fields exactly as SPEC §3 names them, and back.
import { describe, expect, it } from 'vitest';
import {
  applicantStep,
  bearerOf,
  blankDraft,
  declarationStep,
  EXPIRY_DATE,
  emailStep,
  historyStep,
  idDescription,
  passportStep,
  personalStep,
  photoStep,
  travelStep,
} from '../src/index.ts';
import {
  boxes,
  buildDraft,
  context,
  country,
  countryChoice,
  PHOTO_ID,
  type ValidValues,
  validDraft,
  validValues,
} from './fixtures.ts';

const name = (code: string) => country(code).Official_country_name;

describe('blankDraft (the template the start step resets to)', () => {
  const draft = blankDraft();

  it('has the SPEC §3 initial values', () => {
    expect(draft.reqTypeId).toBe(2100);
    expect(draft.groupDoc).toBe(1);
    expect(draft.reqStatusId).toEqual({ id: 1, Description: 'Submitted' });
    expect(draft.typeSort).toBe('1:Myself');
    expect(draft.groupTypeId).toEqual({ id: 1, Description: 'Myself' });
    expect(draft.reqDeclaration).toBe(0);
    expect(draft.reqDisclaimer).toBe(0);
    expect(draft.applicantTsadGimel).toBeNull();
  });

  it('has one bearer, an Adult by default', () => {
    expect(draft.bearerList).toHaveLength(1);
    expect(draft.bearerList[0]?.relationshipTypeId).toEqual({ id: 2, Description: 'Adult' });
  });

  it('is a fresh object each time', () => {
    const a = blankDraft();
    a.bearerList[0]!.firstName = 'CHANGED';
    a.reqStatusId.id = 9;
    expect(blankDraft().bearerList[0]?.firstName).toBe('');
    expect(blankDraft().reqStatusId.id).toBe(1);
  });
});

describe('§3 mapping: applicant', () => {
  const values = validValues().applicant;
  const draft = applicantStep.toDraft(values, context());

  it("groupTypeId {id, Description} from '2:Someone else'", () => {
    expect(draft.groupTypeId).toEqual({ id: 2, Description: 'Someone else' });
  });

  it('copies the five "Your details" fields, the country as {id, Description}', () => {
    expect(draft).toMatchObject({
      applicantLastName: 'SMITH',
      applicantFirstName: 'JOHN',
      applicantPassportNum: 'X1234567',
      applicantMobilePhoneNum: '12125551234',
      applicantPassportCountryId: { id: 840, Description: name('USA') },
    });
  });

  it('keeps the raw values under applicantTsadGimel and the type under typeSort', () => {
    expect(draft.applicantTsadGimel).toEqual(values);
    expect(draft.applicantTsadGimel).not.toBe(values);
    expect(draft.typeSort).toBe('2:Someone else');
  });

  it('leaves the rest of the draft alone', () => {
    expect(draft.bearerList).toEqual(blankDraft().bearerList);
    expect(draft.reqTypeId).toBe(2100);
  });
});

describe('§3 mapping: email', () => {
  it('reqMainEmailAddress holds the address', () => {
    const draft = emailStep.toDraft(validValues().email, context());
    expect(draft.reqMainEmailAddress).toBe('jane.doe@example.com');
  });

  it('stores the address in lower case', () => {
    const draft = emailStep.toDraft(
      { EmailAddress: 'Jane.Doe@Example.COM', ConfirmEmail: 'Jane.Doe@Example.COM' },
      context(),
    );
    expect(draft.reqMainEmailAddress).toBe('jane.doe@example.com');
  });
});

describe('§3 mapping: travel', () => {
  const bearer = bearerOf(travelStep.toDraft(validValues().travel, context()));

  it('entryReasonId and lengthOfStayId as {id, Description}', () => {
    expect(bearer.entryReasonId).toEqual({ id: 1, Description: 'Tourism or a private visit' });
    expect(bearer.lengthOfStayId).toEqual({ id: 2, Description: 'Up to 2 weeks' });
  });

  it('estimatedArrivalDate as an ISO date', () => {
    expect(bearer.estimatedArrivalDate).toBe('2027-03-15');
  });
});

describe('§3 mapping: passport', () => {
  const toBearer = (changes: Partial<ValidValues['passport']> = {}) =>
    bearerOf(
      passportStep.toDraft({ ...validValues().passport, ...changes }, context(validDraft())),
    );
  const bearer = toBearer();

  it('passportTypeId as {docTypeId, docTypeDesc}', () => {
    expect(bearer.passportTypeId).toEqual({
      docTypeId: 1,
      docTypeDesc: 'Regular passport (national)',
    });
  });

  it('passportCountryId as {id, COUNTRY_CODE, Description}', () => {
    expect(bearer.passportCountryId).toEqual({
      id: 840,
      COUNTRY_CODE: 'USA',
      Description: name('USA'),
    });
  });

  it('nationalityId, birthCountryId and gender as {id, Description}', () => {
    expect(bearer.nationalityId).toEqual({ id: 840, Description: name('USA') });
    expect(bearer.birthCountryId).toEqual({ id: 840, Description: name('USA') });
    expect(bearer.gender).toEqual({ id: 2, Description: 'Female' });
  });

  it('biometricPassportYN is 1 for Yes and 0 for No', () => {
    expect(bearer.biometricPassportYN).toBe(1);
    expect(toBearer({ isBiometricPassport: '0' }).biometricPassportYN).toBe(0);
  });

  it('names and number as typed (upper case), dates as ISO', () => {
    expect(bearer).toMatchObject({
      passportNum: 'AB1234567',
      lastName: 'DOE',
      firstName: 'JANE MARY',
      passportIssueDate: '2020-05-10',
      passportExpireDate: '2030-05-09',
      birthDate: '1990-07-04',
    });
    expect(toBearer({ passportNum: 'ab12345', lastName: 'doe' })).toMatchObject({
      passportNum: 'AB12345',
      lastName: 'DOE',
    });
  });

  it('bearerDocExpireDate is today + 2 years when the passport expires later', () => {
    expect(bearer.passportExpireDate).toBe('2030-05-09');
    expect(bearer.bearerDocExpireDate).toBe('2028-11-22');
  });

  it('bearerDocExpireDate is the passport expiry when it comes first', () => {
    const soon = toBearer(boxes(EXPIRY_DATE, '2028-01-31'));
    expect(soon.passportExpireDate).toBe('2028-01-31');
    expect(soon.bearerDocExpireDate).toBe('2028-01-31');
  });

  it('relationshipTypeId is Adult for an adult and Minor for a minor', () => {
    expect(bearer.relationshipTypeId).toEqual({ id: 2, Description: 'Adult' });
    expect(toBearer({ yearBirth: '2015' }).relationshipTypeId).toEqual({
      id: 1,
      Description: 'Minor',
    });
  });

  it('keeps the travel answers already in the draft', () => {
    expect(bearer.entryReasonId).toEqual(bearerOf(validDraft()).entryReasonId);
  });
});

describe('§3 mapping: personal details', () => {
  const bearer = bearerOf(personalStep.toDraft(validValues().personal, context(validDraft())));

  it('anotherNationalityArray as [{id, Description}]', () => {
    expect(bearer.anotherNationalityArray).toEqual([{ id: 826, Description: name('GBR') }]);
  });

  it('names in capitals, as on the passport, whatever the letter case typed', () => {
    const typed = {
      ...validValues().personal,
      fatherFirstName: 'John',
      fatherLastName: 'van Doe',
      motherFirstName: 'mary',
      motherLastName: 'Doe',
    };
    expect(bearerOf(personalStep.toDraft(typed, context(validDraft())))).toMatchObject({
      fatherFirstName: 'JOHN',
      fatherLastName: 'VAN DOE',
      motherFirstName: 'MARY',
      motherLastName: 'DOE',
    });
  });

  it('coded choices as {id, Description}, other texts as typed', () => {
    expect(bearer).toMatchObject({
      maritalStatusId: { id: 2, Description: 'Married' },
      addressCountryId: { id: 840, Description: name('USA') },
      companyOccupationTypeId: { id: 1, Description: 'Employed' },
      fatherFirstName: 'JOHN',
      fatherLastName: 'DOE',
      motherFirstName: 'MARY',
      motherLastName: 'DOE',
      mobilePhoneNum: '12125551234',
      homePhoneNum: '',
      addressTownName: 'New York',
      companyName: 'Acme Inc.',
      companyRole: 'Engineer',
      companyPhoneNum: '12125550000',
      companyEmailAddress: 'hr@acme.com',
    });
  });
});

describe('§3 mapping: history, photo, declaration', () => {
  it('previousYearInIsrael as an integer, yes/no answers as 0/1', () => {
    const bearer = bearerOf(historyStep.toDraft(validValues().history, context()));
    expect(bearer.previousYearInIsrael).toBe(2019);
    expect(bearer).toMatchObject({
      previousStayInIsraelYN: 1,
      anotherVisaRequestYN: 1,
      anotherVisaRequestDesc: 'Tourist visa, 2018: granted.',
      previousRequestDeniedYN: 0,
      previousRequestDeniedDesc: '',
      lawProblemsYN: 0,
    });
  });

  it('photoId in the bearer', () => {
    expect(bearerOf(photoStep.toDraft({ photoId: PHOTO_ID }, context())).photoId).toBe(PHOTO_ID);
  });

  it('reqDisclaimer and reqDeclaration as 0/1', () => {
    const draft = declarationStep.toDraft(validValues().declaration, context());
    expect([draft.reqDisclaimer, draft.reqDeclaration]).toEqual([1, 1]);
    const unticked = declarationStep.toDraft(
      { reqDisclaimer: '1', reqDeclaration: '0' },
      context(),
    );
    expect([unticked.reqDisclaimer, unticked.reqDeclaration]).toEqual([1, 0]);
  });
});

describe('fromDraft(toDraft(values)) gives the values back', () => {
  const v = validValues();
  const draft = validDraft();
  const ref = context().reference;

  it('applicant', () => expect(applicantStep.fromDraft(draft, ref)).toEqual(v.applicant));
  it('email', () => expect(emailStep.fromDraft(draft, ref)).toEqual(v.email));
  it('travel', () => expect(travelStep.fromDraft(draft, ref)).toEqual(v.travel));
  it('passport', () => expect(passportStep.fromDraft(draft, ref)).toEqual(v.passport));
  it('personal', () => expect(personalStep.fromDraft(draft, ref)).toEqual(v.personal));
  it('photo', () => expect(photoStep.fromDraft(draft, ref)).toEqual(v.photo));
  it('history', () => expect(historyStep.fromDraft(draft, ref)).toEqual(v.history));
  it('declaration', () => expect(declarationStep.fromDraft(draft, ref)).toEqual(v.declaration));

  it('applicant Myself', () => {
    const myself = buildDraft({
      applicant: {
        groupTypeId: '1:Myself',
        applicantLastName: '',
        applicantFirstName: '',
        applicantPassportNum: '',
        applicantPassportCountryId: '',
        applicantMobilePhoneNum: '',
      },
    });
    expect(applicantStep.fromDraft(myself, ref)).toEqual({
      groupTypeId: '1:Myself',
      applicantLastName: '',
      applicantFirstName: '',
      applicantPassportNum: '',
      applicantPassportCountryId: '',
      applicantMobilePhoneNum: '',
    });
  });

  it('applicant from the draft fields when applicantTsadGimel is missing', () => {
    expect(applicantStep.fromDraft({ ...draft, applicantTsadGimel: null }, ref)).toEqual(
      v.applicant,
    );
  });

  it('history with "No" answers and no year', () => {
    const no = buildDraft({
      history: {
        previousStayInIsraelYN: '0',
        previousYearInIsrael: '',
        anotherVisaRequestYN: '0',
        anotherVisaRequestDesc: '',
      },
    });
    expect(historyStep.fromDraft(no, ref)).toEqual({
      ...v.history,
      previousStayInIsraelYN: '0',
      previousYearInIsrael: '',
      anotherVisaRequestYN: '0',
      anotherVisaRequestDesc: '',
    });
  });

  it('personal with several nationalities, an unemployed traveller and a home phone', () => {
    const changed = {
      ...v.personal,
      anotherNationalityArray: [countryChoice('FRA'), countryChoice('DEU')],
      homePhoneNum: '441234567890',
      companyOccupationTypeId: '2:Unemployed',
      companyName: '',
      companyRole: '',
      companyPhoneNum: '',
      companyEmailAddress: '',
    };
    const back = personalStep.fromDraft(buildDraft({ personal: changed }), ref);
    expect(back).toEqual(changed);
  });

  it('a blank draft gives blank values', () => {
    const blank = blankDraft();
    expect(travelStep.fromDraft(blank, ref)).toEqual(travelStep.blank());
    expect(passportStep.fromDraft(blank, ref)).toEqual(passportStep.blank());
    expect(personalStep.fromDraft(blank, ref)).toEqual(personalStep.blank());
    expect(historyStep.fromDraft(blank, ref)).toEqual(historyStep.blank());
  });
});

describe('idDescription', () => {
  it("reads 'id:Description'", () => {
    expect(idDescription('2:Someone else')).toEqual({ id: 2, Description: 'Someone else' });
    expect(idDescription('840:United States: of America')).toEqual({
      id: 840,
      Description: 'United States: of America',
    });
    expect(idDescription('Someone else')).toBeNull();
  });
});
