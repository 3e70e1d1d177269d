// Every message a rule can report, by stable id, with its English text.
// Quoted texts are SPEC.md's words, some with what to do added (docs/decisions/029); the rest were
// written where SPEC says the wording is "not shown". The ids are the i18n keys of the web app
// (namespace "messages"); a field's own wording of a message is in field-messages.ts.
// Warnings begin with 'Please note:' and never block.

import { TEXT_PARAMETERS } from './constants.ts';
import { fieldMessages } from './field-messages.ts';
import { fieldMessageKey, type Issue } from './issues.ts';

export const messages = {
  // General (SPEC §5 "General messages")
  required: 'Required',
  dateInvalid: 'The date is not valid. Check the day, month and year.',
  dateMustBePast: 'This date needs to be in the past',
  lettersDigitsOnly: 'Letters (A-Z) and numbers (0-9) only, please',
  lettersOnly: 'Letters (A-Z) only, please',
  restrictedCharacters: 'Letters, numbers and the characters , . : - only, please',
  tooLong: 'You exceeded the allowed character limit. Please shorten the text.',
  tooShort: 'Please enter no less than two characters.',
  yearInteger: 'The year must be a whole number, for example 2019.',
  dayFormat: 'The day must be a number from 1 to 31 (the format is DD)',
  monthFormat: 'The month must be a number from 1 to 12 (the format is MM)',
  yearFormat: 'The year must have 4 digits (the format is YYYY)',
  singleSpaces: 'Use a single space between words, not at the start or end.',
  choiceInvalid: 'Choose an option from the list.',

  /** Said (politely, as a status) when a digits-only box refused what was typed. */
  digitsOnlyTyped: 'Only numbers (0-9) can be typed here.',

  // Applicant
  passportNumberInvalid:
    'This passport number seems to be incorrect. Please try again: 5 to 9 letters (A-Z) and numbers (0-9), as in the passport',
  phoneInvalid: 'The number is not valid. Enter 9 to 15 digits.',
  phoneNotPossible:
    'This is not a possible phone number for this country: {{country}}. Check the number and the country.',

  // Email and code
  emailInvalid: 'Please check that this email address is correct, for example name@example.com.',
  emailMismatch: "The email addresses you entered aren't identical. Please try again",
  codeDigit: 'Enter the 6 digits of the code from the email',

  // Travel information
  entryReasonNotEligible:
    'It is not possible to submit an ETA-IL request for this purpose of visit. You may need to apply for a visa.',
  stayOverThreeMonths:
    'It is only possible to submit an ETA-IL request for a visit of less than {{maxStayMonths}} months',
  tourismStayTooLong:
    'A stay of over {{maxStayDays}} days needs a visa or an extension request. Please choose a shorter stay.',
  visitPurposeTooLong: 'The duration of the selected visit purpose may not exceed 30 days.',
  arrivalInPast: 'Arrival date cannot be in the past: enter today or a later date',
  arrivalTooFarAhead: 'The arrival date cannot be more than 20 years from today.',
  arrivalFarAheadWarning:
    'Please note: the ETA-IL is valid for {{validityYears}} years. We recommend applying closer to your visit.',
  arrivalFromIsrael: 'Arrival from Israel is not allowed.',

  // Passport
  passportTypeNotEligible: 'It is not possible to apply with this type of passport',
  diplomaticPassportWarning:
    'Please note: holders of a diplomatic passport travelling on a diplomatic mission are exempt from ETA-IL and should arrange their arrival via the consulate.',
  officialPassportWarning:
    'Please note: holders of an official or service passport travelling on official duty are exempt from ETA-IL and should arrange their arrival via the consulate.',
  countryIsIsrael:
    'Israeli citizens do not need an ETA-IL. Please enter Israel with your Israeli passport.',
  countryNotPossible: 'It is not possible to submit a request to this country',
  countryEnemy: 'It is not possible to submit a request in this country',
  countryPalestinian:
    'Residents of the Palestinian Authority are directed to the Allenby Crossing; arrangements exist for other crossings.',
  passportCountryRejected:
    'It is not possible to submit an ETA-IL request with a passport of this country. You may need to apply for a visa.',
  issueBeforeBirth: 'An issuance date cannot be earlier than the date of birth. Check both dates.',
  expiryInPast: 'Your passport has expired: you need a valid passport to apply.',
  expiryTooFarAhead: 'The expiry date cannot be more than 50 years from today.',
  expirySoonWarning:
    'Please note: the ETA-IL is valid only until your passport expires. Your passport expires in less than {{validityYears}} years.',
  minorMustBeAppliedFor:
    'An applicant under 18 cannot apply alone. An adult must apply for them: choose "Someone else" on the first step.',
  birthCountryEnemyWarning:
    'Please note: a traveller born in this country may be asked to arrange their arrival via the consulate.',
  bornInCitizenshipCountry:
    'Please note: you were born in the country of your citizenship, so you must arrange your arrival at an Israeli consulate.',

  // Personal details 1/2
  tooManyNationalities: 'You can choose at most 5 additional nationalities.',
  nationalityIsraeliWarning:
    'Please note: Israeli citizens must enter and leave Israel with an Israeli passport.',
  nationalityPalestinian:
    'It is not possible to submit an ETA-IL request with a Palestinian nationality. Residents of the Palestinian Authority are directed to the Allenby Crossing.',
  nationalityEnemy: 'It is not possible to submit an ETA-IL request with this nationality.',
  nationalitySameAsPassport: 'This is already the nationality of your passport.',
  homeCountryEnemy: 'It is not possible to submit an ETA-IL request from this home country.',
  companyEmailInvalid: 'Please check that this email address is correct.',

  // Photo
  photoRequired: 'Upload a passport photo.',
  photoTooLarge: 'The photo is too large: the file may be at most 20 MB.',
  photoWrongType: 'The photo must be a JPEG or PNG image.',
  photoUnreadable: 'We could not read this image. Please upload another photo.',
  // Photo quality (photo/problems.ts), checked in the browser and again on the server
  photoTooSmall:
    'The photo is too small: it must be at least {{photoMinWidth}} × {{photoMinHeight}} pixels. Upload the original photo from your camera or phone, not a screenshot or a copy sent through a messaging app.',
  photoWrongShape:
    'The photo is the wrong shape: it must be upright, a little taller than it is wide, like a passport photo (35 × 45 mm). Hold your phone upright, or crop the photo around your head and shoulders.',
  photoTooDark:
    'The photo is too dark: take it again facing a window or a lamp, with light falling evenly on your face.',
  photoTooBright:
    'The photo is too bright and your face is washed out: take it again in soft, even light, out of direct sunlight and without the flash.',
  photoBlurred:
    'The photo is blurred: clean the lens, hold the camera still (or rest it on something) and let it focus on your face before you take the photo again.',
  photoBackground:
    'The background must be plain and light: stand in front of a white or light-coloured wall, with nothing else behind you and no shadows on it.',
  photoNoFace:
    'We could not find a face in the photo: take it again looking straight at the camera, your whole face in the frame, in good light and with nothing covering it.',
  photoManyFaces: 'The photo shows more than one face: take it again with only you in the photo.',
  photoFaceTooSmall:
    'Your face is too far away: come closer, so that your head and shoulders fill the photo.',
  photoFaceTooClose: 'Your face is too close: step back so that your head and shoulders show.',
  photoFaceOffCentre:
    'Your face is not in the middle of the photo: take it again with your head in the centre, or crop the photo around your head and shoulders.',

  // Passport scan (mrz/): the data page's machine-readable zone, read in the browser
  mrzNotFound:
    'We could not find the two lines of letters, numbers and < at the bottom of the photo page. Take the photo again with the whole page flat, in good light and in focus, or type the details.',
  mrzCheckDigit:
    'We could not read your passport reliably: a check number in the bottom lines did not match. Take the photo again, closer and sharper, or type the details.',
  mrzInvalidDate:
    'A date in the bottom lines of your passport could not be read. Take the photo again, closer and sharper, or type the details.',
  // The same lines typed (or read) on /status for a lost contact address (decision 047)
  mrzLinesUnreadable:
    'Enter the two lines at the bottom of your passport’s photo page: 44 letters, digits and < each.',
  mrzLinesCheckDigit:
    'A check digit in these lines does not match: compare each character with your passport (0 and O, 1 and I look alike).',
  mrzLinesMismatch:
    'These lines do not match the passport of this application. Enter them from the passport you applied with.',

  // Personal details 2/2
  previousYearInvalid: 'Enter a year of 4 digits, for example 2019.',
  previousYearInFuture: 'The year cannot be later than the current year.',
  previousYearBeforeBirth: 'The year cannot be earlier than your year of birth.',

  // Review and terms
  declarationRequired: 'Select the box to confirm the terms and conditions.',
  termsRequired: 'Select the box to confirm the terms and conditions.',

  // Server answers (SPEC §4, §7, §8)
  dataRequired: 'Data is required',
  codeWrong: 'The code is not correct. Please check it and try again.',
  codeExpired: 'This code has expired. Please ask for a new code.',
  codeUsedUp: 'Too many wrong tries for this code. Please ask for a new code.',
  codeBlocked: 'Too many wrong tries for this address. Please try again in 2 hours.',
  codeSendTooSoon: 'Please wait 30 seconds before asking for another code.',
  codeSendLimit: 'Too many codes sent to this address. Please try again in an hour.',
  tokenInvalid: 'Your session has expired. Please verify your email address again.',
  sessionSubmitted:
    'This application has been submitted, so its session has ended. To apply again, start a new application.',
  emailNotVerified: 'This application must be sent from the verified email address.',
  photoNotFound: 'The passport photo was not found. Please upload it again.',
  countryUnknown: 'This country is not known.',
  idempotencyConflict: 'This submission key was already used for a different application.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  badRequest: 'The request could not be read.',
  draftMalformed: 'This part of the application is missing or has the wrong form.',
  correctionNotAllowed:
    'Passport and identity details cannot be changed after an application is sent. To change them, please make a new application.',
  groupTooLarge:
    'One application can include at most {{groupSizeMax}} travellers. Please make another application for the others.',
  xsrfMissing: 'The page is out of date. Please reload it and try again.',
  savedApplicationNotFound:
    'This link to a saved application is not known, or was already used. Please start a new application.',
  savedApplicationExpired:
    'This link to a saved application has expired: a saved application is kept for 7 days. Please start a new application.',

  // Status page: the answer to an officer's question
  answerCharacters:
    'Your answer may not contain the characters < and > or characters that change the direction of the text.',
  answerRequired: 'Write your answer to the officer’s question before you send it.',

  // Status page: asking for a review of a refusal (issue 30)
  reviewStatementRequired: 'Write why the refusal should be reviewed before you send the request.',
  reviewStatementCharacters:
    'Your statement may not contain the characters < and > or characters that change the direction of the text.',
  reviewDocumentType:
    'A supporting document must be a PDF, JPEG or PNG file, and its content must be what its name says.',
  reviewDocumentUnreadable:
    'We could not read a supporting document: the file may be damaged or incomplete. Please attach another copy.',
  reviewDocumentTooLarge: 'A supporting document may be at most {{reviewDocumentMb}} MB.',
  reviewPdfTooManyPages: 'A supporting PDF may have at most {{reviewPdfPagesMax}} pages.',
  reviewTooManyDocuments: 'You can attach at most {{reviewDocumentsMax}} supporting documents.',
  reviewNotRefused: 'A review can be asked for only when an application has been refused.',
  reviewAlreadyAsked:
    'A review of this refusal has already been asked for; its outcome is final. You may still apply for a visa at an Israeli embassy or consulate.',
  reviewTooLate:
    'The time to ask for a review of this refusal has passed. You may still apply for a visa at an Israeli embassy or consulate.',

  // A renewal (issue 31): why the passport of the last application was not carried over
  renewalPassportExpired:
    'The passport of your last application has expired. Enter the details of your new passport.',
  renewalPassportExpiresSoon:
    'The passport of your last application expires in less than {{validityYears}} years, before a new authorization would end. Enter the details of the passport you will travel with.',

  renewalLinkNotFound:
    'This renewal link is not known. Check that you opened the whole link from the e-mail, or start a new application.',
  renewalLinkExpired:
    'This renewal link has already been used or is more than 30 days old. Start a new application.',
  newPassportNotAuthorized:
    'A new passport can be added only to an approved authorization. Start a new application instead.',

  // The same rules' messages on a named field, saying what to do there
  ...fieldMessages,
} as const satisfies Record<string, string>;

export type MessageId = keyof typeof messages;

export const isMessageId = (id: string): id is MessageId => Object.hasOwn(messages, id);

const isTextParameter = (name: string): name is keyof typeof TEXT_PARAMETERS =>
  Object.hasOwn(TEXT_PARAMETERS, name);

/**
 * The English text of a message, for places that have no locale (logs, API answers), with the
 * figures it quotes (`{{maxStayDays}}`) filled in from TEXT_PARAMETERS, as i18next does on screen.
 */
export const messageText = (id: MessageId, values?: Issue['values']): string =>
  messages[id].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    if (isTextParameter(name)) return String(TEXT_PARAMETERS[name]);
    if (name === 'country') return englishCountryName(values?.country);
    return whole;
  });

/** A country named in English by its ISO 3166-1 alpha-2 code ('United Kingdom'). */
const englishCountryName = (iso2: string | undefined) =>
  (iso2 && new Intl.DisplayNames(['en'], { type: 'region' }).of(iso2)) || 'its country';

/**
 * The message to show for a rule's message on a field: the field's own wording where it has one
 * ("Enter the passport number" for `required` on `passportNum`), else the general message.
 */
export const messageIdFor = (id: MessageId, field: string): MessageId => {
  const own = fieldMessageKey(id, field);
  return isMessageId(own) ? own : id;
};
