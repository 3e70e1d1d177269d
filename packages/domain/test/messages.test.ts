// Message ids (STYLE.md §5): every rule reports an id; warnings begin with 'Please note:'.
import { describe, expect, it } from 'vitest';
import {
  AUTHORIZATION_VALIDITY_YEARS,
  applicantStep,
  BIRTH_DATE,
  EXPIRY_DATE,
  emailStep,
  historyStep,
  type Issue,
  isMessageId,
  MAX_STAY_DAYS,
  MAX_STAY_MONTHS,
  type MessageId,
  messageIdFor,
  messages,
  messageText,
  passportStep,
  personalStep,
  travelStep,
  VISA_OPTION_MESSAGES,
  validateSubmission,
  warningsOf,
} from '../src/index.ts';
import {
  boxes,
  buildDraft,
  countryChoice,
  issuesOf,
  passportTypeChoice,
  reference,
  TODAY,
  validValues,
} from './fixtures.ts';

describe('messages', () => {
  it('every message id has a non-empty text', () => {
    const entries = Object.entries(messages);
    expect(entries.length).toBeGreaterThan(0);
    for (const [id, text] of entries) {
      expect(id).not.toBe('');
      expect(text.trim(), id).not.toBe('');
      expect(isMessageId(id)).toBe(true);
      const filled = messageText(id as keyof typeof messages);
      expect(filled, id).not.toMatch(/\{\{|\}\}/);
      if (!text.includes('{{')) expect(filled).toBe(text);
    }
    expect(isMessageId('noSuchMessage')).toBe(false);
    expect(isMessageId('toString')).toBe(false);
  });

  it('messages quote the figures by name, filled from the constants (parameters, not prose)', () => {
    expect(messages.stayOverThreeMonths).toContain('{{maxStayMonths}}');
    expect(messageText('stayOverThreeMonths')).toBe(
      `It is only possible to submit an ETA-IL request for a visit of less than ${MAX_STAY_MONTHS} months`,
    );
    expect(messageText('tourismStayTooLong')).toContain(`over ${MAX_STAY_DAYS} days`);
    expect(messageText('expirySoonWarning')).toContain(
      `less than ${AUTHORIZATION_VALIDITY_YEARS} years`,
    );
  });

  it('SPEC quotes are kept word for word where they say what to do', () => {
    // SPEC §5: 'It is only possible to submit an ETA-IL request for a visit of less than 3 months'
    expect(messageText('stayOverThreeMonths')).toBe(
      'It is only possible to submit an ETA-IL request for a visit of less than 3 months',
    );
    expect(messages).toMatchObject({
      required: 'Required',
      dateMustBePast: 'This date needs to be in the past',
      lettersDigitsOnly: 'Letters (A-Z) and numbers (0-9) only, please',
      lettersOnly: 'Letters (A-Z) only, please',
      tooShort: 'Please enter no less than two characters.',
      emailMismatch: "The email addresses you entered aren't identical. Please try again",
      passportTypeNotEligible: 'It is not possible to apply with this type of passport',
      dataRequired: 'Data is required',
    });
  });

  it.each([
    ['dateInvalid', 'The date is not valid.'],
    ['tooLong', 'You exceeded the allowed character limit'],
    ['dayFormat', 'the format is DD'],
    ['monthFormat', 'the format is MM'],
    ['passportNumberInvalid', 'This passport number seems to be incorrect. Please try again'],
    ['phoneInvalid', 'The number is not valid.'],
    ['emailInvalid', 'Please check that this email address is correct'],
    ['arrivalInPast', 'Arrival date cannot be in the past'],
    ['issueBeforeBirth', 'An issuance date cannot be earlier than the date of birth.'],
  ] as const)('decision 029: %s keeps SPEC’s words and adds what to do', (id, quoted) => {
    expect(messages[id]).toContain(quoted);
    expect(messages[id].length).toBeGreaterThan(quoted.length + 5);
  });

  it('decision 029: the SPEC quotes that said only what was wrong are replaced', () => {
    expect(messages.expiryInPast).toBe(
      'Your passport has expired: you need a valid passport to apply.',
    );
    expect(messages.previousYearBeforeBirth).toBe(
      'The year cannot be earlier than your year of birth.',
    );
    expect(messages.codeDigit).toBe('Enter the 6 digits of the code from the email');
  });

  it('a field’s own message names a message and a field, and is chosen for that field only', () => {
    const fields = new Set(
      [applicantStep, emailStep, travelStep, passportStep, personalStep, historyStep].flatMap(
        (step) => [...step.fields],
      ),
    );
    for (const lookup of ['applicationNumber', 'passportNumber', 'birthDate']) fields.add(lookup);
    const own = Object.keys(messages).filter((id) => id.includes('_'));
    expect(own.length).toBeGreaterThan(50);
    for (const id of own) {
      const [message = '', field = ''] = id.split('_');
      expect(isMessageId(message), id).toBe(true);
      expect(fields.has(field), id).toBe(true);
      expect(messageIdFor(message as MessageId, field)).toBe(id);
    }
    expect(messageIdFor('required', 'passportNum')).toBe('required_passportNum');
    expect(messageText(messageIdFor('required', 'passportNum'))).toBe('Enter the passport number');
    expect(messageIdFor('required', 'homePhoneNum')).toBe('required');
    expect(messageIdFor('lettersOnly', 'lastName')).toBe('lettersOnly');
  });

  it('every required field of a blank step has its own message', () => {
    const blankIssues = [
      ...issuesOf(emailStep, emailStep.blank()),
      ...issuesOf(travelStep, travelStep.blank()),
      ...issuesOf(passportStep, passportStep.blank()),
      ...issuesOf(personalStep, personalStep.blank()),
      ...issuesOf(historyStep, historyStep.blank()),
    ];
    expect(blankIssues.length).toBeGreaterThan(30);
    for (const issue of blankIssues)
      expect(messageIdFor(issue.message, issue.field), issue.field).not.toBe('required');
  });

  it("every warning the rules report begins with 'Please note:' and they all block nothing", () => {
    const p = validValues().passport;
    const warnings: Issue[] = warningsOf([
      ...issuesOf(travelStep, { ...validValues().travel, yearEstimatedAarrivalDate: '2040' }),
      ...issuesOf(passportStep, { ...p, passportTypeId: passportTypeChoice(31) }),
      ...issuesOf(passportStep, { ...p, passportTypeId: passportTypeChoice(96) }),
      ...issuesOf(passportStep, { ...p, ...boxes(EXPIRY_DATE, '2027-01-01') }),
      ...issuesOf(passportStep, { ...p, birthCountryId: countryChoice('SYR') }),
      ...issuesOf(personalStep, {
        ...validValues().personal,
        anotherNationalityArray: [countryChoice('ISR')],
      }),
    ]);
    expect(new Set(warnings.map((w) => w.message))).toEqual(
      new Set([
        'arrivalFarAheadWarning',
        'diplomaticPassportWarning',
        'officialPassportWarning',
        'expirySoonWarning',
        'birthCountryEnemyWarning',
        'nationalityIsraeliWarning',
      ]),
    );
    for (const w of warnings)
      expect(messages[w.message].startsWith('Please note:'), w.message).toBe(true);
  });

  it('the blocking messages linking to the visa options are errors, not warnings', () => {
    expect(VISA_OPTION_MESSAGES.length).toBeGreaterThan(0);
    for (const id of VISA_OPTION_MESSAGES) {
      expect(isMessageId(id)).toBe(true);
      expect(messages[id].startsWith('Please note:'), id).toBe(false);
    }
  });

  it("no error message of the rules begins with 'Please note:'", () => {
    const p = validValues().passport;
    const errors = [
      ...issuesOf(passportStep, { ...p, ...boxes(BIRTH_DATE, '2026-11-23') }),
      ...issuesOf(passportStep, { ...p, passportTypeId: passportTypeChoice(40) }),
    ];
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) {
      expect(e.severity).toBe('error');
      expect(messages[e.message].startsWith('Please note:')).toBe(false);
    }
  });

  it('a submission carrying a warning of every step still passes', () => {
    const draft = buildDraft({
      travel: { yearEstimatedAarrivalDate: '2040' },
      passport: {
        passportTypeId: passportTypeChoice(31),
        ...boxes(EXPIRY_DATE, '2027-01-01'),
        birthCountryId: countryChoice('SYR'),
      },
      personal: { anotherNationalityArray: [countryChoice('ISR')] },
    });
    const result = validateSubmission(draft, { today: TODAY, reference });
    expect(result.ok).toBe(true);
    expect(result.ok && result.warnings.map((w) => [w.step, w.message])).toEqual([
      ['travel', 'arrivalFarAheadWarning'],
      ['passport', 'diplomaticPassportWarning'],
      ['passport', 'expirySoonWarning'],
      ['passport', 'birthCountryEnemyWarning'],
      ['personal', 'nationalityIsraeliWarning'],
    ]);
  });
});
