// "My passport was replaced" (issue 31 item 4, decision 057), for an approved authorization: the
// new passport's number, issuing country and dates, then a code e-mailed to the application's
// address; with it a new application filled in from this one, with the new passport, becomes this
// browser's session and the traveller goes through it to the review and the fee. This
// authorization stays valid until the new one is approved.
import { dateFields, type Issue, isoOfBoxes, type MessageId } from '@eta-il/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCountriesByName, useCountryName } from '../../components/countryNames.ts';
import { DateField } from '../../components/DateField.tsx';
import { Field } from '../../components/Field.tsx';
import { registerInState } from '../../components/registerInState.ts';
import { problemForStatus, useServerCall } from '../../components/useServerCall.ts';
import { useReferenceData } from '../../session/reference.ts';
import { beginRenewalSession } from '../renew/renewalSession.ts';
import { type CodeRefusal, codeRefusalOf } from './CodeForm.tsx';
import { CodeStep } from './CodeStep.tsx';
import { LookupField, missingFields } from './LookupField.tsx';
import { type Identity, openNewPassport, sendNewPassportCode } from './statusApi.ts';

const ISSUE = dateFields('NewPassportIssue');
const EXPIRY = dateFields('NewPassportExpire');
const NUMBER = 'newPassportNum';
const COUNTRY = 'newPassportCountry';
/** The server's field names for its refusals, as this form's. */
const SERVER_FIELDS: Record<string, string> = {
  'newPassport.passportCountryId': COUNTRY,
  'newPassport.passportIssueDate': ISSUE.day,
  'newPassport.passportExpireDate': EXPIRY.day,
};
type Problem = 'tooMany' | 'notAuthorized' | 'unavailable';

export const NewPassportPanel = ({ identity }: { identity: Identity }) => {
  const { t } = useTranslation('status');
  const navigate = useNavigate();
  const countries = useCountriesByName(useReferenceData().allcountry);
  const countryName = useCountryName();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Issue[]>([]);
  const [sent, setSent] = useState<{ timestamp: number; sentTo: string }>();
  const { busy, problem, setProblem, run } = useServerCall<Problem>();
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;

  /** The new passport as the server takes it, or undefined with the errors shown. */
  const newPassport = () => {
    const found: Issue[] = missingFields(values, [NUMBER, COUNTRY]);
    const dates = [ISSUE, EXPIRY].map((fields) => {
      const date = isoOfBoxes(values, fields);
      if ('problem' in date)
        found.push({ field: fields.day, message: date.problem, severity: 'error' });
      return 'iso' in date ? date.iso : '';
    });
    setErrors(found);
    if (found[0]) return undefined;
    return {
      passportNum: (values[NUMBER] ?? '').trim(),
      passportCountryId: Number(values[COUNTRY]),
      passportIssueDate: dates[0] ?? '',
      passportExpireDate: dates[1] ?? '',
    };
  };

  const askCode = () => {
    if (!newPassport()) return;
    return run(async () => {
      const answer = await sendNewPassportCode(identity);
      if (answer.ok && answer.body?.timestamp) {
        setSent({ timestamp: answer.body.timestamp, sentTo: answer.body.sentTo ?? '' });
      } else setProblem(problemForStatus(answer.status, { 409: 'notAuthorized', 429: 'tooMany' }));
    });
  };

  const confirm = async (code: string): Promise<true | CodeRefusal> => {
    let accepted: true | CodeRefusal = true;
    const passport = newPassport();
    await run(async () => {
      if (!passport || !sent) return;
      const answer = await openNewPassport(identity, passport, code, sent.timestamp);
      if (answer.ok) {
        navigate(beginRenewalSession(answer.body));
        return;
      }
      const field = SERVER_FIELDS[answer.refusal.field ?? ''];
      if (field) {
        // The passport was refused: back to the form, the message at its field.
        setSent(undefined);
        setErrors([{ field, message: answer.refusal.code as MessageId, severity: 'error' }]);
      } else if (answer.status === 400 && answer.refusal.code?.startsWith('code')) {
        accepted = codeRefusalOf(answer.refusal);
      } else setProblem(problemForStatus(answer.status, { 409: 'notAuthorized', 429: 'tooMany' }));
    });
    return accepted;
  };

  return (
    <section className="section" aria-labelledby="new-passport-heading">
      <h3 id="new-passport-heading">{t('newPassport.heading')}</h3>
      <p>{t('newPassport.explanation')}</p>
      <CodeStep
        texts="newPassport"
        codeName="newPassportCode"
        problem={problem}
        sentTo={sent?.sentTo}
        busy={busy}
        onAskCode={askCode}
        onCode={confirm}
      >
        <LookupField
          name={NUMBER}
          label={t('newPassport.number')}
          error={errorOf(NUMBER)}
          value={values[NUMBER] ?? ''}
          onChange={(value) => set(NUMBER, value)}
          autoComplete="off"
          spellCheck="false"
        />
        <Field name={COUNTRY} label={t('newPassport.country')} error={errorOf(COUNTRY)}>
          <select
            name={COUNTRY}
            className="select"
            value={values[COUNTRY] ?? ''}
            onChange={(event) => set(COUNTRY, event.target.value)}
          >
            <option value="" />
            {countries.map((c) => (
              <option key={c.EXT_COUNTRY_ID} value={String(c.EXT_COUNTRY_ID)}>
                {countryName(c)}
              </option>
            ))}
          </select>
        </Field>
        <DateField
          fields={ISSUE}
          legend={t('newPassport.issueDate')}
          register={registerInState(values, set)}
          errors={{ [ISSUE.day]: errorOf(ISSUE.day) }}
        />
        <DateField
          fields={EXPIRY}
          legend={t('newPassport.expiryDate')}
          register={registerInState(values, set)}
          errors={{ [EXPIRY.day]: errorOf(EXPIRY.day) }}
        />
      </CodeStep>
    </section>
  );
};
