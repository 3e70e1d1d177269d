// Correcting details before the decision (issue 13): the traveller fills in only what changes
// (arrival date, mobile phone, home town, e-mail address), a code goes to the application's
// current address (a new address too is confirmed from the old one: decision 048; a traveller who
// lost it asks an officer: decision 047, LostAddressPanel.tsx), and entering it saves the changes, which the server checks by the
// application's own rules; a refusal is shown at its field. Passport and identity details cannot
// change, and the panel says so.
import {
  countryOfPhone,
  dateFields,
  EmailSchema,
  formatDate,
  internationalPhoneDigits,
  isIsoDate,
  isoOfBoxes,
  type MessageId,
  PhoneSchema,
  phoneNumberProblem,
} from '@eta-il/domain';
import { Alert, focusField } from '@eta-il/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/DateField.tsx';
import { countryName } from '../../components/issueText.ts';
import { registerInState } from '../../components/registerInState.ts';
import { problemForStatus, useServerCall } from '../../components/useServerCall.ts';
import { type CodeRefusal, codeRefusalOf } from './CodeForm.tsx';
import { CodeStep } from './CodeStep.tsx';
import { LookupField } from './LookupField.tsx';
import { LostAddressPanel } from './LostAddressPanel.tsx';
import {
  type Changes,
  CORRECTION_FIELDS,
  correct,
  type Identity,
  sendCorrectionCode,
} from './statusApi.ts';

type Field = (typeof CORRECTION_FIELDS)[number];
const TEXT_FIELDS = CORRECTION_FIELDS.filter(
  (f): f is Exclude<Field, 'estimatedArrivalDate'> => f !== 'estimatedArrivalDate',
);
type Sent = { timestamp: number; sentTo: string; changes: Changes };
type Saved = { field: Field; to: string }[];

/**
 * A phone as typed, as digits (decision 041): '+44 7700 900123' or '0044…' as its international
 * number; '07700 900123' keeps its national 0, and the server reads it in the passport's country.
 */
const phoneDigits = (typed: string) => internationalPhoneDigits(typed);
const phoneProblem = (typed: string): MessageId | undefined => {
  const digits = phoneDigits(typed);
  if (!PhoneSchema().safeParse(digits).success) return 'phoneInvalid';
  return digits.startsWith('0') ? undefined : phoneNumberProblem(digits)?.message;
};

/** The browser's check of a filled-in value: the form only; the server runs every rule. */
const CHECKS: Record<Field, (value: string) => MessageId | undefined> = {
  estimatedArrivalDate: (v) => (isIsoDate(v) ? undefined : 'dateInvalid'),
  mobilePhoneNum: phoneProblem,
  addressTownName: () => undefined,
  reqMainEmailAddress: (v) => (EmailSchema().safeParse(v).success ? undefined : 'emailInvalid'),
};

/** The field a refusal of the server belongs to: its own, else by the step that refused it. */
const FIELD_OF_STEP: Record<string, Field> = {
  travel: 'estimatedArrivalDate',
  email: 'reqMainEmailAddress',
  personal: 'mobilePhoneNum',
};
const fieldOf = (issue: { field?: string; step?: string } | undefined): Field =>
  CORRECTION_FIELDS.find((f) => f === issue?.field) ??
  FIELD_OF_STEP[issue?.step ?? ''] ??
  'estimatedArrivalDate';

/** The new arrival date's boxes, as in the application form; sent as one ISO date. */
const ARRIVAL = dateFields('CorrectArrivalDate');
const idOf = (field: Field) =>
  field === 'estimatedArrivalDate' ? ARRIVAL.day : `correct-${field}`;

const INPUTS: Record<Exclude<Field, 'estimatedArrivalDate'>, Record<string, string>> = {
  mobilePhoneNum: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel' },
  addressTownName: { autoComplete: 'address-level2' },
  reqMainEmailAddress: { type: 'email', autoComplete: 'email' },
};

export const CorrectionPanel = ({ identity }: { identity: Identity }) => {
  const { t, i18n } = useTranslation('status');
  const [values, setValues] = useState<Changes>({});
  const [boxes, setBoxes] = useState<Record<string, string>>({});
  // The country a refused phone is not possible for: the server's, else the number's own.
  const [refusedCountry, setRefusedCountry] = useState<string>();
  const [errors, setErrors] = useState<Partial<Record<Field, MessageId>>>({});
  const [sent, setSent] = useState<Sent>();
  const [saved, setSaved] = useState<Saved>();
  const { busy, problem, setProblem, run } = useServerCall<'tooMany' | 'decided' | 'nothing'>();

  // The first refused field takes focus once the form is on screen (it may be coming back).
  const [focusOn, setFocusOn] = useState<{ field: Field }>();
  useEffect(() => {
    if (focusOn) focusField(idOf(focusOn.field));
  }, [focusOn]);
  const showErrors = (found: Partial<Record<Field, MessageId>>) => {
    setErrors(found);
    const first = CORRECTION_FIELDS.find((f) => found[f]);
    if (first) setFocusOn({ field: first });
  };

  const askCode = () => {
    setRefusedCountry(undefined);
    const arrival = isoOfBoxes(boxes, ARRIVAL);
    const typed = { ...values, estimatedArrivalDate: 'iso' in arrival ? arrival.iso : '' };
    const changes = Object.fromEntries(
      CORRECTION_FIELDS.map((f) => [f, typed[f]?.trim() ?? '']).filter(([, v]) => v !== ''),
    ) as Changes;
    const unreal = 'problem' in arrival && arrival.problem === 'dateInvalid';
    if (Object.keys(changes).length === 0 && !unreal) return setProblem('nothing');
    const found: Partial<Record<Field, MessageId>> = Object.fromEntries(
      CORRECTION_FIELDS.flatMap((f) => {
        const value = changes[f];
        const message = value === undefined ? undefined : CHECKS[f](value);
        return message ? [[f, message]] : [];
      }),
    );
    if (unreal) found.estimatedArrivalDate = 'dateInvalid';
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    return run(async () => {
      const answer = await sendCorrectionCode(identity);
      if (answer.ok && answer.body?.timestamp) {
        const sentChanges = changes.mobilePhoneNum
          ? { ...changes, mobilePhoneNum: phoneDigits(changes.mobilePhoneNum) }
          : changes;
        setSent({
          timestamp: answer.body.timestamp,
          sentTo: answer.body.sentTo ?? '',
          changes: sentChanges,
        });
      } else setProblem(problemForStatus(answer.status, { 429: 'tooMany' }));
    });
  };

  const confirm = async (code: string): Promise<true | CodeRefusal> => {
    let accepted: true | CodeRefusal = true;
    await run(async () => {
      if (!sent) return;
      const answer = await correct(identity, code, sent.timestamp, sent.changes);
      if (answer.ok) {
        setSaved(answer.body.changes ?? []);
        setSent(undefined);
        setValues({});
        setBoxes({});
      } else if (answer.status === 400 && answer.refusal.issues?.length) {
        // The server's rules refused a value: back to the form, the message at its field.
        const [issue] = answer.refusal.issues;
        const field = fieldOf(issue);
        setSent(undefined);
        setRefusedCountry(issue?.values?.country);
        showErrors({ [field]: (issue?.message ?? 'badRequest') as MessageId });
      } else if (answer.status === 400) accepted = codeRefusalOf(answer.refusal);
      else setProblem(problemForStatus(answer.status, { 409: 'decided', 429: 'tooMany' }));
    });
    return accepted;
  };

  const phoneCountry =
    refusedCountry ?? countryOfPhone(phoneDigits(values.mobilePhoneNum ?? '')) ?? '';
  const phoneValues = { country: countryName(phoneCountry, i18n.language) };

  return (
    <section className="section" aria-labelledby="correct-heading">
      <h3 id="correct-heading">{t('correct.heading')}</h3>
      <p>{t('correct.explanation')}</p>
      <p>{t('correct.locked')}</p>
      <LostAddressPanel identity={identity} />
      {saved && (
        <Alert kind="success">
          {saved.length === 0 ? (
            <p>{t('correct.unchanged')}</p>
          ) : (
            <>
              <p>{t('correct.saved')}</p>
              <ul>
                {saved.map((change) => (
                  <li key={change.field}>
                    {t(`correct.fields.${change.field}.label`)}:{' '}
                    {change.field === 'estimatedArrivalDate' ? (
                      formatDate(change.to, i18n.language)
                    ) : (
                      <span dir="ltr">{change.to}</span>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      )}
      <CodeStep
        texts="correct"
        codeName="correctionCode"
        problem={problem}
        sentTo={sent?.sentTo}
        busy={busy}
        onAskCode={askCode}
        onCode={confirm}
      >
        <DateField
          fields={ARRIVAL}
          legend={t('correct.fields.estimatedArrivalDate.label')}
          register={registerInState(boxes, (name, value) =>
            setBoxes((b) => ({ ...b, [name]: value })),
          )}
          errors={{ [ARRIVAL.day]: errors.estimatedArrivalDate }}
        />
        {TEXT_FIELDS.map((field) => (
          <LookupField
            key={field}
            name={`correct-${field}`}
            label={t(`correct.fields.${field}.label`)}
            hint={t(`correct.fields.${field}.hint`, { defaultValue: '' }) || undefined}
            error={errors[field]}
            {...(field === 'mobilePhoneNum' && { values: phoneValues })}
            value={values[field] ?? ''}
            onChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
            {...INPUTS[field]}
          />
        ))}
      </CodeStep>
    </section>
  );
};
