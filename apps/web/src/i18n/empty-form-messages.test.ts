// @vitest-environment node
// What a traveller reads under each field after Next on an empty step (issue 17, decision 029):
// every message names the field and says what to do, in English and in Hebrew. The texts are
// resolved as the screens resolve them (components/issueText.ts) from the shipped catalogues.
import { readFileSync } from 'node:fs';
import {
  applicantStep,
  blankDraft,
  declarationStep,
  emailStep,
  type FormValues,
  historyStep,
  messages,
  passportStep,
  personalStep,
  photoStep,
  type RuleContext,
  SOMEONE_ELSE_VALUE,
  type Step,
  travelStep,
  validateStep,
} from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { fieldMessageText } from '../components/issueText.ts';

const locale = (language: string, namespace: string): object =>
  JSON.parse(
    readFileSync(new URL(`./locales/${language}/${namespace}.json`, import.meta.url), 'utf8'),
  ) as object;

const translator = async (language: 'en' | 'he') => {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: false,
    resources: {
      [language]: {
        common: locale(language, 'common'),
        messages: language === 'en' ? messages : locale(language, 'messages'),
      },
    },
  });
  return i18n;
};

const context: RuleContext = {
  today: '2026-11-25',
  reference: referenceData,
  draft: blankDraft(),
};

/** The empty form of each step (a choice that opens more fields is made), and its messages. */
const emptyForms: [string, () => string[][]][] = [];
const read = <V extends FormValues>(step: Step<V>, values: V) =>
  validateStep(step, values, context).map((issue) => [issue.message, issue.field]);
emptyForms.push(
  [
    'application start, someone else',
    () => read(applicantStep, { ...applicantStep.blank(), groupTypeId: SOMEONE_ELSE_VALUE }),
  ],
  ['email', () => read(emailStep, emailStep.blank())],
  ['travel information', () => read(travelStep, travelStep.blank())],
  ['passport details', () => read(passportStep, passportStep.blank())],
  ['personal details', () => read(personalStep, personalStep.blank())],
  ['photo', () => read(photoStep, photoStep.blank())],
  ['previous travel', () => read(historyStep, historyStep.blank())],
  [
    'previous travel, every Yes',
    () =>
      read(historyStep, {
        ...historyStep.blank(),
        previousStayInIsraelYN: '1',
        anotherVisaRequestYN: '1',
        previousRequestDeniedYN: '1',
        lawProblemsYN: '0',
      }),
  ],
  ['declaration', () => read(declarationStep, declarationStep.blank())],
);

const EXPECTED: Record<'en' | 'he', Record<string, string[]>> = {
  en: {
    'application start, someone else': [
      'Enter your last name',
      'Enter your first name',
      'Enter your passport number',
      'Choose the country that issued your passport',
    ],
    email: ['Enter your email address', 'Enter your email address again to confirm it'],
    'travel information': [
      'Choose the purpose of your visit',
      'The date of arrival must include a day',
      'The date of arrival must include a month',
      'The date of arrival must include a year',
      'Choose how long you will stay',
    ],
    'passport details': [
      'Choose the type of passport',
      'Enter the passport number',
      'Choose the country that issued the passport',
      'Choose the nationality shown in the passport',
      'Choose Yes if the passport has a chip, or No if it does not',
      'Enter the last name as it is in the passport',
      'Enter the first name as it is in the passport',
      'The date of issue must include a day',
      'The date of issue must include a month',
      'The date of issue must include a year',
      'The expiry date must include a day',
      'The expiry date must include a month',
      'The expiry date must include a year',
      'The date of birth must include a day',
      'The date of birth must include a month',
      'The date of birth must include a year',
      'Choose the country of birth',
      'Choose the gender shown in the passport',
    ],
    'personal details': [
      'Choose your marital status',
      "Enter your father's first name",
      "Enter your father's last name",
      "Enter your mother's first name",
      "Enter your mother's last name",
      'Enter a mobile phone number',
      'Choose the country you live in',
      'Enter the town or city you live in',
      'Choose your occupation',
    ],
    photo: ['Upload a passport photo.'],
    'previous travel': [
      'Choose Yes if you have stayed in Israel before, or No',
      'Choose Yes if you have applied for another visa to Israel, or No',
      'Choose Yes if a request of yours to enter Israel was ever refused, or No',
      'Choose Yes if you have been convicted of a crime or are the subject of legal proceedings, or No',
    ],
    'previous travel, every Yes': [
      'Enter the year of your last stay in Israel',
      'Describe your other visa request',
      'Describe the refused request',
    ],
    declaration: [
      'Select the box to confirm the terms and conditions.',
      'Select the box to confirm the terms and conditions.',
    ],
  },
  he: {
    'application start, someone else': [
      'נא להזין את שם המשפחה שלך',
      'נא להזין את השם הפרטי שלך',
      'נא להזין את מספר הדרכון שלך',
      'נא לבחור את המדינה שהנפיקה את הדרכון שלך',
    ],
    email: ['נא להזין את כתובת הדוא״ל שלך', 'נא להזין שוב את כתובת הדוא״ל שלך כדי לאמת אותה'],
    'travel information': [
      'נא לבחור את מטרת הביקור שלך',
      'תאריך ההגעה חייב לכלול יום',
      'תאריך ההגעה חייב לכלול חודש',
      'תאריך ההגעה חייב לכלול שנה',
      'נא לבחור את משך השהייה',
    ],
    'passport details': [
      'נא לבחור את סוג הדרכון',
      'נא להזין את מספר הדרכון',
      'נא לבחור את המדינה שהנפיקה את הדרכון',
      'נא לבחור את הנתינות הרשומה בדרכון',
      'נא לבחור "כן" אם יש בדרכון שבב, או "לא" אם אין בו שבב',
      'נא להזין את שם המשפחה כפי שהוא מופיע בדרכון',
      'נא להזין את השם הפרטי כפי שהוא מופיע בדרכון',
      'תאריך ההנפקה חייב לכלול יום',
      'תאריך ההנפקה חייב לכלול חודש',
      'תאריך ההנפקה חייב לכלול שנה',
      'תאריך התפוגה חייב לכלול יום',
      'תאריך התפוגה חייב לכלול חודש',
      'תאריך התפוגה חייב לכלול שנה',
      'תאריך הלידה חייב לכלול יום',
      'תאריך הלידה חייב לכלול חודש',
      'תאריך הלידה חייב לכלול שנה',
      'נא לבחור את ארץ הלידה',
      'נא לבחור את המין הרשום בדרכון',
    ],
    'personal details': [
      'נא לבחור את המצב המשפחתי שלך',
      'נא להזין את השם הפרטי של האב',
      'נא להזין את שם המשפחה של האב',
      'נא להזין את השם הפרטי של האם',
      'נא להזין את שם המשפחה של האם',
      'נא להזין מספר טלפון נייד',
      'נא לבחור את מדינת המגורים שלך',
      'נא להזין את העיר או היישוב שבו נמצא מקום המגורים שלך',
      'נא לבחור את העיסוק שלך',
    ],
    photo: ['נא להעלות תמונת דרכון.'],
    'previous travel': [
      'נא לבחור "כן" אם שהית בישראל בעבר, או "לא"',
      'נא לבחור "כן" אם הגשת בקשה אחרת לאשרה לישראל, או "לא"',
      'נא לבחור "כן" אם בקשה שלך להיכנס לישראל נדחתה אי פעם, או "לא"',
      'נא לבחור "כן" אם הורשעת אי פעם בעבירה פלילית או שמתנהלים נגדך הליכים משפטיים, או "לא"',
    ],
    'previous travel, every Yes': [
      'נא להזין את שנת השהייה האחרונה שלך בישראל',
      'נא לתאר את הבקשה האחרת שלך לאשרה',
      'נא לתאר את הבקשה שנדחתה',
    ],
    declaration: [
      'נא לסמן את התיבה כדי לאשר את התנאים וההגבלות.',
      'נא לסמן את התיבה כדי לאשר את התנאים וההגבלות.',
    ],
  },
};

describe.each(['en', 'he'] as const)('the messages of an empty step in %s', (language) => {
  it.each(emptyForms)('%s', async (name, issuesOf) => {
    const i18n = await translator(language);
    const texts = issuesOf().map(([message, field]) =>
      fieldMessageText(i18n, message as keyof typeof messages, field as string),
    );
    expect(texts).toEqual(EXPECTED[language][name]);
    // None is the bare "Required" of SPEC's general messages, in any language.
    const required = i18n.t('messages:required');
    expect(texts).not.toContain(required);
  });
});
