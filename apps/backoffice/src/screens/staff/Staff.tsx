// Staff (admins): every account with its role and state; a new account, whose one-time set-up link
// the server e-mails to the member (a supervisor or admin only once a second admin confirms it
// here: four eyes, decision 045); and disabling an account (its sessions end at once). Each action
// is audited on the server.
import {
  type AddStaffRequest,
  STAFF_ROLES,
  type StaffAdded,
  type StaffListAnswer,
  type StaffListEntry,
} from '@eta-il/domain';
import { Field, FieldErrorSummary, type FieldErrors, focusField } from '@eta-il/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api.ts';
import { Layout } from '../../components/Layout.tsx';
import { OfficeTable, RowAction } from '../../components/OfficeTable.tsx';
import { Done, Problem } from '../../components/Problem.tsx';
import { dateTime } from '../../format.ts';
import { useSession } from '../../session.tsx';
import { useCall } from '../../useCall.ts';
import { useLoad } from '../../useLoad.ts';

const stateOf = (member: StaffListEntry) => {
  if (member.disabled) return 'disabled';
  if (member.awaitingConfirmation) return 'awaitingConfirmation';
  return member.setUp ? 'active' : 'waiting';
};

export const Staff = () => {
  const { t, i18n } = useTranslation();
  const { staff: me } = useSession();
  const { data, problem: loadProblem, reload } = useLoad<StaffListAnswer>('staff');
  const [values, setValues] = useState({ email: '', role: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, problem, setProblem, run } = useCall();
  const [done, setDone] = useState<string>();
  const [created, setCreated] = useState<{ email: string; awaitingConfirmation: boolean }>();

  const refused = (status: number, code?: string) => {
    if (status === 409 && code === 'staffExists') return t('staff.errors.exists');
    if (status === 403 && code === 'sameAdmin') return t('staff.errors.sameAdmin');
    if (status === 409 && code === 'notAwaiting') return t('staff.errors.notAwaiting');
    if (status === 400 && code === 'badEmail') return t('staff.errors.email');
    if (status === 429) return t('problems.tooManyRequests');
    return t('problems.failure');
  };

  const act = async (work: () => Promise<void>) => {
    setDone(undefined);
    await run(work);
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) {
      found.email = t('staff.errors.email');
    }
    if (values.role === '') found.role = t('staff.errors.role');
    setErrors(found);
    setCreated(undefined);
    if (Object.keys(found).length > 0) return;
    void act(async () => {
      const email = values.email.trim();
      const answer = await call<StaffAdded>('POST', 'staff', {
        email,
        role: values.role,
      } satisfies AddStaffRequest);
      if (answer.status !== 201) {
        setProblem(refused(answer.status, answer.data.code));
        focusField('email');
        return;
      }
      setCreated({ email, awaitingConfirmation: answer.data.awaitingConfirmation });
      setValues({ email: '', role: '' });
      await reload();
    });
  };

  const confirm = (member: StaffListEntry) =>
    act(async () => {
      const answer = await call('POST', `staff/${member.id}/confirm`);
      if (answer.status !== 200) setProblem(refused(answer.status, answer.data.code));
      else {
        setDone(t('staff.confirmed', { email: member.email }));
        await reload();
      }
    });

  const disable = (member: StaffListEntry) =>
    act(async () => {
      const answer = await call('POST', `staff/${member.id}/disable`);
      if (answer.status !== 200) setProblem(refused(answer.status, answer.data.code));
      else {
        setDone(t('staff.disabled', { email: member.email }));
        await reload();
      }
    });

  const pending = (data?.staff ?? []).filter((m) => m.awaitingConfirmation && !m.disabled);
  return (
    <Layout title={t('staff.title')}>
      <FieldErrorSummary errors={errors} />
      <Problem text={problem ?? loadProblem} />
      <Done text={done} />
      {created && (
        <div className="alert alert--success" role="status">
          <p>{t('staff.created', { email: created.email })}</p>
          <p>
            {created.awaitingConfirmation
              ? t('staff.awaitingLead', { email: created.email })
              : t('staff.mailedLead', { email: created.email })}
          </p>
        </div>
      )}
      {pending.length > 0 && (
        <section className="section" aria-labelledby="pending-heading">
          <h2 id="pending-heading">{t('staff.pending')}</h2>
          <p>{t('staff.pendingLead')}</p>
          <ul>
            {pending.map((member) => (
              <li key={member.id}>
                <span dir="ltr">{member.email}</span>{' '}
                {t('staff.pendingItem', {
                  role: t(`roles.${member.role}`),
                  by: member.createdBy ?? t('staff.byCommand'),
                })}{' '}
                {member.mayConfirm ? (
                  <RowAction
                    label={t('staff.confirm')}
                    row={member.email}
                    kind="primary"
                    disabled={busy}
                    onClick={() => void confirm(member)}
                  />
                ) : (
                  <span>{t('staff.anotherAdmin')}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
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
          <OfficeTable
            columns={[t('staff.email'), t('staff.role'), t('staff.state'), t('staff.createdAt')]}
            actions={t('staff.actions')}
          >
            {data.staff.map((member) => (
              <tr key={member.id}>
                <th scope="row" dir="ltr">
                  {member.email}
                </th>
                <td>{t(`roles.${member.role}`)}</td>
                <td>{t(`staff.states.${stateOf(member)}`)}</td>
                <td>{dateTime(member.createdAt, i18n.language)}</td>
                <td>
                  {!member.disabled && member.id !== me?.id && (
                    <RowAction
                      label={t('staff.disable')}
                      row={member.email}
                      disabled={busy}
                      onClick={() => void disable(member)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </OfficeTable>
        )}
      </section>
    </Layout>
  );
};
