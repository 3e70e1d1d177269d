// Staff (admins): every account with its role and state, a new account with its one-time set-up
// link to hand over, and disabling an account (its sessions end at once). Each action is audited
// on the server.
import { STAFF_ROLES } from '@eta-il/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, Unreachable } from '../api.ts';
import { ErrorSummary, type FieldErrors } from '../components/ErrorSummary.tsx';
import { Field, focusField } from '../components/Field.tsx';
import { Layout } from '../components/Layout.tsx';
import { Done, Problem } from '../components/Problem.tsx';
import { dateTime } from '../format.ts';
import { useSession } from '../session.tsx';
import { useLoad } from '../useLoad.ts';

interface Member {
  id: string;
  email: string;
  role: string;
  disabled: boolean;
  setUp: boolean;
  lockedUntil: string | null;
  createdAt: string;
}

const stateOf = (member: Member, now: Date) => {
  if (member.disabled) return 'disabled';
  if (member.lockedUntil && new Date(member.lockedUntil) > now) return 'locked';
  return member.setUp ? 'active' : 'waiting';
};

export const Staff = () => {
  const { t, i18n } = useTranslation();
  const { staff: me } = useSession();
  const { data, problem: loadProblem, reload } = useLoad<{ staff: Member[] }>('staff');
  const [values, setValues] = useState({ email: '', role: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const [link, setLink] = useState<{ email: string; url: string; expiresAt: string }>();
  const [busy, setBusy] = useState(false);

  const refused = (status: number, code?: string) => {
    if (status === 409 && code === 'staffExists') return t('staff.errors.exists');
    if (status === 400 && code === 'badEmail') return t('staff.errors.email');
    if (status === 429) return t('problems.tooManyRequests');
    return t('problems.failure');
  };

  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    setDone(undefined);
    try {
      await run();
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      setProblem(t('problems.unreachable'));
    } finally {
      setBusy(false);
    }
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) {
      found.email = t('staff.errors.email');
    }
    if (values.role === '') found.role = t('staff.errors.role');
    setErrors(found);
    setLink(undefined);
    if (Object.keys(found).length > 0) return;
    void act(async () => {
      const email = values.email.trim();
      const answer = await call<{ setupLink: string; expiresAt: string }>('POST', 'staff', {
        email,
        role: values.role,
      });
      if (answer.status !== 201) {
        setProblem(refused(answer.status, answer.data.code));
        focusField('email');
        return;
      }
      setLink({ email, url: answer.data.setupLink, expiresAt: answer.data.expiresAt });
      setValues({ email: '', role: '' });
      await reload();
    });
  };

  const disable = (member: Member) =>
    act(async () => {
      const answer = await call('POST', `staff/${member.id}/disable`);
      if (answer.status !== 200) setProblem(refused(answer.status, answer.data.code));
      else {
        setDone(t('staff.disabled', { email: member.email }));
        await reload();
      }
    });

  const now = new Date();
  return (
    <Layout title={t('staff.title')}>
      <ErrorSummary errors={errors} />
      <Problem text={problem ?? loadProblem} />
      <Done text={done} />
      {link && (
        <div className="alert alert--success" role="status">
          <p>{t('staff.created', { email: link.email })}</p>
          <p>
            {t('staff.linkLead', { until: dateTime(link.expiresAt, i18n.language) })}{' '}
            <code className="office-link" dir="ltr" data-testid="setup-link">
              {link.url}
            </code>
          </p>
        </div>
      )}
      <section className="section" aria-labelledby="add-heading">
        <h2 id="add-heading">{t('staff.add')}</h2>
        <form noValidate onSubmit={add} aria-busy={busy}>
          <Field name="email" label={t('staff.email')} error={errors.email}>
            <input
              className="input"
              type="email"
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              value={values.email}
              onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
            />
          </Field>
          <Field name="role" label={t('staff.role')} error={errors.role}>
            <select
              className="select"
              value={values.role}
              onChange={(e) => setValues((v) => ({ ...v, role: e.target.value }))}
            >
              <option value="">{t('staff.chooseRole')}</option>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className="button" disabled={busy}>
            {t('staff.addSubmit')}
          </button>
        </form>
      </section>
      <section className="section" aria-labelledby="list-heading">
        <h2 id="list-heading">{t('staff.list')}</h2>
        {data && (
          <div className="office-table-wrap">
            <table className="office-table">
              <thead>
                <tr>
                  <th scope="col">{t('staff.email')}</th>
                  <th scope="col">{t('staff.role')}</th>
                  <th scope="col">{t('staff.state')}</th>
                  <th scope="col">{t('staff.createdAt')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('staff.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.staff.map((member) => (
                  <tr key={member.id}>
                    <th scope="row" dir="ltr">
                      {member.email}
                    </th>
                    <td>{t(`roles.${member.role}`)}</td>
                    <td>{t(`staff.states.${stateOf(member, now)}`)}</td>
                    <td>{dateTime(member.createdAt, i18n.language)}</td>
                    <td>
                      {!member.disabled && member.id !== me?.id && (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={busy}
                          onClick={() => void disable(member)}
                        >
                          {t('staff.disable')}
                          <span className="visually-hidden"> {member.email}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Layout>
  );
};
