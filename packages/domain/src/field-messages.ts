// Messages that name the field and say what to do (GOV.UK error-message rules), shown in place of
// a general message when a rule reports it on that field: "Required" under the passport number
// reads "Enter the passport number". The key is `${message id}_${field}`; a field with no entry
// shows the general message. docs/decisions/029-messages-that-say-what-to-do.md.

/** The three "must include" messages of a day, month and year group. */
const dateParts = <D extends string, M extends string, Y extends string>(
  date: string,
  day: D,
  month: M,
  year: Y,
) =>
  ({
    [`required_${day}`]: `The ${date} must include a day`,
    [`required_${month}`]: `The ${date} must include a month`,
    [`required_${year}`]: `The ${date} must include a year`,
  }) as Record<`required_${D}` | `required_${M}` | `required_${Y}`, string>;

export const fieldMessages = {
  // Application start: "Your details" when applying for someone else
  required_groupTypeId: 'Choose who you are applying for',
  required_applicantLastName: 'Enter your last name',
  required_applicantFirstName: 'Enter your first name',
  required_applicantPassportNum: 'Enter your passport number',
  required_applicantPassportCountryId: 'Choose the country that issued your passport',

  // Email
  required_EmailAddress: 'Enter your email address',
  required_ConfirmEmail: 'Enter your email address again to confirm it',

  // Travel information
  required_entryReasonId: 'Choose the purpose of your visit',
  ...dateParts(
    'date of arrival',
    'dayEstimatedAarrivalDate',
    'monthEstimatedAarrivalDate',
    'yearEstimatedAarrivalDate',
  ),
  required_lengthOfStayId: 'Choose how long you will stay',

  // Passport details
  required_passportTypeId: 'Choose the type of passport',
  required_passportNum: 'Enter the passport number',
  required_passportCountryId: 'Choose the country that issued the passport',
  required_nationalityId: 'Choose the nationality shown in the passport',
  required_isBiometricPassport: 'Choose Yes if the passport has a chip, or No if it does not',
  required_lastName: 'Enter the last name as it is in the passport',
  required_firstName: 'Enter the first name as it is in the passport',
  ...dateParts('date of issue', 'dayPassportIssue', 'monthPassportIssue', 'yearPassportIssue'),
  ...dateParts('expiry date', 'dayPassportExpire', 'monthPassportExpire', 'yearPassportExpire'),
  ...dateParts('date of birth', 'dayBirth', 'monthBirth', 'yearBirth'),
  required_birthCountryId: 'Choose the country of birth',
  required_gender: 'Choose the gender shown in the passport',
  dateMustBePast_dayPassportIssue: 'The date of issue must be today or in the past',
  dateMustBePast_dayBirth: 'The date of birth must be in the past',

  // Personal details
  required_maritalStatusId: 'Choose your marital status',
  required_fatherFirstName: "Enter your father's first name",
  required_fatherLastName: "Enter your father's last name",
  required_motherFirstName: "Enter your mother's first name",
  required_motherLastName: "Enter your mother's last name",
  required_mobilePhoneNum: 'Enter a mobile phone number',
  required_addressCountryId: 'Choose the country you live in',
  required_addressTownName: 'Enter the town or city you live in',
  required_companyOccupationTypeId: 'Choose your occupation',
  required_companyName: 'Enter the name of your employer or business',
  required_companyRole: 'Enter your job title or role',
  required_companyPhoneNum: 'Enter your work phone number',

  // Previous travel
  required_previousStayInIsraelYN: 'Choose Yes if you have stayed in Israel before, or No',
  required_previousYearInIsrael: 'Enter the year of your last stay in Israel',
  required_anotherVisaRequestYN: 'Choose Yes if you have applied for another visa to Israel, or No',
  required_anotherVisaRequestDesc: 'Describe your other visa request',
  required_previousRequestDeniedYN:
    'Choose Yes if a request of yours to enter Israel was ever refused, or No',
  required_previousRequestDeniedDesc: 'Describe the refused request',
  required_lawProblemsYN:
    'Choose Yes if you have been convicted of a crime or are the subject of legal proceedings, or No',

  // Status and verification look-ups
  required_applicationNumber: 'Enter the application number',
  required_passportNumber: 'Enter the passport number',
  required_birthDate: 'Enter the date of birth',
} as const satisfies Record<string, string>;
