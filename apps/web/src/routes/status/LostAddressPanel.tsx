// "I can no longer read this address" (decision 047): the new address and the passport's two MRZ
// lines (typed, or read from a photo by the passport scan's reader), checked here by the domain's
// MRZ reader; a code goes to the NEW address, and entering it sends the request to an officer,
// who checks it against the passport. Nothing about the application changes until then.
import { EmailSchema, type MessageId, parseTd3 } from '@eta-il/domain';
import { Alert, focusField } from '@eta-il/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../components/StepScreen.tsx';
import { problemForStatus, useServerCall } from '../../components/useServerCall.ts';
import { type CodeRefusal, codeRefusalOf } from './CodeForm.tsx';
import { CodeStep } from './CodeStep.tsx';
import { LookupField } from './LookupField.tsx';
import { MrzPhotoReader } from './MrzPhotoReader.tsx';
import { type Identity, requestContactChange, sendContactRequestCode } from './statusApi.ts';

const FIELDS = ['lost-newEmail', 'lost-mrz1', 'lost-mrz2'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, MessageId>>;
type Sent = { timestamp: number; sentTo: string; newEmail: string; mrz: [string, string] };

/** MRZ text as typed: capitals, no spaces. */
const asMrz = (line: string) => line.replace(/\s+/g, '').toUpperCase();

/** The browser's check of the lines: the domain's TD3 reader, check digits included. */
const linesProblem = (mrz: [string, string]): Errors => {
  const parsed = parseTd3(mrz, todayIso());
  if (parsed.ok) return {};
  return parsed.problem.code === 'mrzNotFound'
    ? { 'lost-mrz1': 'mrzLinesUnreadable' }
    : { 'lost-mrz2': 'mrzLinesCheckDigit' };
};

/** A refusal of the server that belongs to a field of the form. */
const FIELD_REFUSALS: Record<string, Errors> = {
  emailInvalid: { 'lost-newEmail': 'emailInvalid' },
  mrzUnreadable: { 'lost-mrz1': 'mrzLinesUnreadable' },
  mrzCheckDigit: { 'lost-mrz2': 'mrzLinesCheckDigit' },
  mrzInvalidDate: { 'lost-mrz2': 'mrzLinesCheckDigit' },
  mrzMismatch: { 'lost-mrz1': 'mrzLinesMismatch' },
};

type Problem = 'tooMany' | 'decided' | 'open' | 'sameAddress';
const problemOf = (status: number, code: string | undefined) =>
  code === 'sameAddress'
    ? 'sameAddress'
    : code === 'requestOpen'
      ? 'open'
      : problemForStatus<Problem>(status, { 409: 'decided', 429: 'tooMany' });

export const LostAddressPanel = ({ identity }: { identity: Identity }) => {
  const { t } = useTranslation('status');
  const [open, setOpen] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const [lines, setLines] = useState<[string, string]>(['', '']);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<Sent>();
  const [done, setDone] = useState(false);
  const { busy, problem, setProblem, run } = useServerCall<Problem>();

  const [focusOn, setFocusOn] = useState<{ field: Field | 'lost-heading' }>();
  useEffect(() => {
    if (focusOn) focusField(focusOn.field);
  }, [focusOn]);
  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) setFocusOn({ field: first });
    return first !== undefined;
  };

  const askCode = () => {
    const mrz: [string, string] = [asMrz(lines[0]), asMrz(lines[1])];
    const email = newEmail.trim();
    const emailProblem = EmailSchema().safeParse(email).success ? undefined : 'emailInvalid';
    const found: Errors = {
      ...(emailProblem && { 'lost-newEmail': emailProblem }),
      ...linesProblem(mrz),
    };
    if (showErrors(found)) return;
    return run(async () => {
      const answer = await sendContactRequestCode(identity, email);
      if (answer.ok && answer.body?.timestamp) {
        setSent({
          timestamp: answer.body.timestamp,
          sentTo: answer.body.sentTo ?? '',
          newEmail: email,
          mrz,
        });
      } else if (!answer.ok && FIELD_REFUSALS[answer.refusal.code ?? '']) {
        showErrors(FIELD_REFUSALS[answer.refusal.code ?? ''] ?? {});
      } else setProblem(problemOf(answer.status, answer.ok ? undefined : answer.refusal.code));
    });
  };

  const confirm = async (code: string): Promise<true | CodeRefusal> => {
    let accepted: true | CodeRefusal = true;
    await run(async () => {
      if (!sent) return;
      const answer = await requestContactChange(
        identity,
        { newEmail: sent.newEmail, mrz: sent.mrz },
        code,
        sent.timestamp,
      );
      if (answer.ok) {
        setDone(true);
        setSent(undefined);
        return;
      }
      const fieldRefusal = FIELD_REFUSALS[answer.refusal.code ?? ''];
      if (fieldRefusal) {
        // The lines (or the address) were refused: back to the form, the message at its field.
        setSent(undefined);
        showErrors(fieldRefusal);
      } else if (answer.status === 400 && answer.refusal.code?.startsWith('code')) {
        accepted = codeRefusalOf(answer.refusal);
      } else setProblem(problemOf(answer.status, answer.refusal.code));
    });
    return accepted;
  };

  if (done) {
    return (
      <Alert kind="success">
        <p>{t('lost.sent')}</p>
      </Alert>
    );
  }

  return (
    <div className="lost-address">
      <p>{t('correct.lostAddress')}</p>
      {!open ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setOpen(true);
            // The form replaces the button: its heading takes the focus.
            setFocusOn({ field: 'lost-heading' });
          }}
        >
          {t('lost.open')}
        </button>
      ) : (
        <section aria-labelledby="lost-heading">
          <h4 id="lost-heading" tabIndex={-1}>
            {t('lost.heading')}
          </h4>
          <p>{t('lost.explanation')}</p>
          <CodeStep
            texts="lost"
            codeName="lostCode"
            problem={problem}
            sentTo={sent?.sentTo}
            busy={busy}
            onAskCode={askCode}
            onCode={confirm}
          >
            <LookupField
              name="lost-newEmail"
              label={t('lost.newEmail')}
              error={errors['lost-newEmail']}
              value={newEmail}
              onChange={setNewEmail}
              type="email"
              autoComplete="email"
            />
            <MrzPhotoReader onLines={(read) => setLines([read[0], read[1]])} />
            {([0, 1] as const).map((i) => (
              <LookupField
                key={i}
                name={i === 0 ? 'lost-mrz1' : 'lost-mrz2'}
                label={t(i === 0 ? 'lost.line1' : 'lost.line2')}
                hint={t('lost.linesHint')}
                error={errors[i === 0 ? 'lost-mrz1' : 'lost-mrz2']}
                value={lines[i]}
                onChange={(value) => setLines((l) => (i === 0 ? [value, l[1]] : [l[0], value]))}
                className="input lost-address__mrz"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={60}
              />
            ))}
          </CodeStep>
        </section>
      )}
    </div>
  );
};
