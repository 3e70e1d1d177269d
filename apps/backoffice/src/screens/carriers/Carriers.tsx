// Carriers (admins, issue 28): the airlines that check passengers on the carrier API; a new one,
// whose key is shown here once (the server keeps only its hash); revoking one, or giving it a new
// key (the old one stops working at once). Each action is audited on the server.
import type { AddCarrierRequest, CarrierAccount, CarrierKey, CarriersAnswer } from '@eta-il/domain';
import { Field, FieldErrorSummary, type FieldErrors, focusField } from '@eta-il/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api.ts';
import { Layout } from '../../components/Layout.tsx';
import { OfficeTable, RowAction } from '../../components/OfficeTable.tsx';
import { Done, Problem } from '../../components/Problem.tsx';
import { dateTime } from '../../format.ts';
import { useCall } from '../../useCall.ts';
import { useLoad } from '../../useLoad.ts';

export const Carriers = () => {
  const { t, i18n } = useTranslation();
  const { data, problem: loadProblem, reload } = useLoad<CarriersAnswer>('carriers');
  const [values, setValues] = useState({ name: '', iataCode: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, problem, setProblem, run } = useCall();
  const [done, setDone] = useState<string>();
  const [shownKey, setShownKey] = useState<{ name: string; key: string }>();
  // A key is shown once: it takes the focus, so that it is read out and the keyboard starts there.
  const keyBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shownKey) keyBox.current?.focus();
  }, [shownKey]);

  const act = async (work: () => Promise<void>) => {
    setDone(undefined);
    setShownKey(undefined);
    await run(work);
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    const name = values.name.trim();
    const iataCode = values.iataCode.trim().toUpperCase();
    if (name === '' || name.length > 100) found.carrierName = t('carriers.errors.name');
    if (!/^[A-Z0-9]{2,3}$/.test(iataCode)) found.iataCode = t('carriers.errors.iataCode');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void act(async () => {
      const answer = await call<CarrierKey>('POST', 'carriers', {
        name,
        iataCode,
      } satisfies AddCarrierRequest);
      if (answer.status !== 201) {
        setProblem(t('problems.failure'));
        focusField('carrierName');
        return;
      }
      setShownKey({ name: answer.data.carrier.name, key: answer.data.key });
      setValues({ name: '', iataCode: '' });
      await reload();
    });
  };

  const revoke = (carrier: CarrierAccount) =>
    act(async () => {
      const answer = await call('POST', `carriers/${carrier.id}/revoke`);
      if (answer.status !== 200) setProblem(t('problems.failure'));
      else {
        setDone(t('carriers.revoked', { name: carrier.name }));
        await reload();
        // Its Revoke button is gone with the focus: the screen takes it, as the case view does.
        document.getElementById('main')?.focus();
      }
    });

  const replaceKey = (carrier: CarrierAccount) =>
    act(async () => {
      const answer = await call<CarrierKey>('POST', `carriers/${carrier.id}/replace-key`);
      if (answer.status !== 200) setProblem(t('problems.failure'));
      else {
        setShownKey({ name: carrier.name, key: answer.data.key });
        await reload();
      }
    });

  return (
    <Layout title={t('carriers.title')}>
      <FieldErrorSummary errors={errors} />
      <Problem text={problem ?? loadProblem} />
      <Done text={done} />
      {shownKey && (
        <div className="alert alert--success" role="status" tabIndex={-1} ref={keyBox}>
          <p>{t('carriers.keyLead', { name: shownKey.name })}</p>
          <p>
            <code dir="ltr" data-testid="carrier-key">
              {shownKey.key}
            </code>
          </p>
        </div>
      )}
      <section className="section" aria-labelledby="add-carrier-heading">
        <h2 id="add-carrier-heading">{t('carriers.add')}</h2>
        <form noValidate onSubmit={add} aria-busy={busy}>
          <Field name="carrierName" label={t('carriers.name')} error={errors.carrierName}>
            <input
              className="input"
              autoComplete="off"
              dir="auto"
              value={values.name}
              onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
            />
          </Field>
          <Field name="iataCode" label={t('carriers.iataCode')} error={errors.iataCode}>
            <input
              className="input input--short"
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              maxLength={3}
              value={values.iataCode}
              onChange={(e) => setValues((v) => ({ ...v, iataCode: e.target.value }))}
            />
          </Field>
          <button type="submit" className="button" disabled={busy}>
            {t('carriers.addSubmit')}
          </button>
        </form>
      </section>
      <section className="section" aria-labelledby="carrier-list-heading">
        <h2 id="carrier-list-heading">{t('carriers.list')}</h2>
        {data && data.carriers.length === 0 && <p>{t('carriers.none')}</p>}
        {data && data.carriers.length > 0 && (
          <OfficeTable
            columns={[
              t('carriers.name'),
              t('carriers.iataCode'),
              t('carriers.state'),
              t('carriers.createdAt'),
            ]}
            actions={t('carriers.actions')}
          >
            {data.carriers.map((carrier) => (
              <tr key={carrier.id}>
                <th scope="row" dir="auto">
                  {carrier.name}
                </th>
                <td dir="ltr">{carrier.iataCode}</td>
                <td>
                  {carrier.revokedAt
                    ? t('carriers.states.revoked', {
                        when: dateTime(carrier.revokedAt, i18n.language),
                      })
                    : t('carriers.states.active')}
                </td>
                <td>{dateTime(carrier.createdAt, i18n.language)}</td>
                <td>
                  <RowAction
                    label={t('carriers.replaceKey')}
                    row={carrier.name}
                    disabled={busy}
                    onClick={() => void replaceKey(carrier)}
                  />{' '}
                  {!carrier.revokedAt && (
                    <RowAction
                      label={t('carriers.revoke')}
                      row={carrier.name}
                      kind="warning"
                      disabled={busy}
                      onClick={() => void revoke(carrier)}
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
