// Additional nationalities (SPEC §5 "Personal details"): a Yes/No question, then an "add another"
// list of up to 5 countries, each with its own Remove button. The domain's rules judge each
// chosen country; its messages show at that country, and list-wide ones at the list.
import {
  additionalNationalityOptions,
  bearerOf,
  choiceId,
  countryValue,
  type Issue,
  isStepDone,
  MAX_ADDITIONAL_NATIONALITIES,
  type MessageId,
  type PersonalValues,
  personalStep,
  type RuleContext,
  stepById,
} from '@eta-il/domain';
import { useEffect, useMemo, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountryField } from '../../components/CountryField.tsx';
import { FieldMessages } from '../../components/Field.tsx';

const FIELD = 'anotherNationalityArray';
const QUESTION = 'hasAnotherNationality';
const ADD_BUTTON = 'anotherNationalityArray-add';
const itemName = (index: number) => `${FIELD}.${index}` as const;

type Answer = '' | 'yes' | 'no';

export const NationalitiesSection = ({
  form,
  context,
  error,
}: {
  form: UseFormReturn<PersonalValues>;
  context: RuleContext;
  /** The list's error after a submit attempt. */
  error: MessageId | undefined;
}) => {
  const { t } = useTranslation(['personal', 'common']);
  const chosen = useWatch({ control: form.control, name: FIELD });
  const [answer, setAnswer] = useState<Answer>(() => {
    if (chosen.length > 0) return 'yes';
    return isStepDone(stepById('personal'), { draft: context.draft, verified: true }) ? 'no' : '';
  });
  const [focusId, setFocusId] = useState<string>();
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(undefined);
  }, [focusId]);

  const offered = useMemo(
    () =>
      additionalNationalityOptions(
        context.reference.allcountry,
        bearerOf(context.draft).passportCountryId?.id,
      ),
    [context],
  );
  // Each country on its own through the domain's rules, so a message lands where it applies.
  const entryIssues = useMemo(
    () =>
      chosen.map((value): Issue[] =>
        personalStep
          .rules({ ...personalStep.blank(), [FIELD]: [value] }, context)
          .filter((issue) => issue.field === FIELD),
      ),
    [chosen, context],
  );
  const entryMessage = (index: number, severity: Issue['severity']) =>
    entryIssues[index]?.find((i) => i.severity === severity)?.message;
  const entryErrors = chosen.map((_, index) => (error ? entryMessage(index, 'error') : undefined));
  const listError = error && !entryErrors.some(Boolean) ? error : undefined;

  const update = (next: string[]) => {
    form.setValue(FIELD, next, { shouldDirty: true });
    // Validate the list itself: setValue would only validate its items, leaving a stale error.
    if (form.formState.isSubmitted) void form.trigger(FIELD);
  };
  const answerWith = (next: Answer) => {
    setAnswer(next);
    if (next === 'no') update([]);
    if (next === 'yes' && chosen.length === 0) update(['']);
  };
  const add = () => {
    update([...chosen, '']);
    setFocusId(itemName(chosen.length));
  };
  const remove = (index: number) => {
    const next = chosen.filter((_, i) => i !== index);
    update(next);
    setFocusId(next.length === 0 ? ADD_BUTTON : itemName(Math.min(index, next.length - 1)));
  };
  const optionsFor = (index: number) =>
    offered.filter((c) => !chosen.some((v, i) => i !== index && choiceId(v) === c.EXT_COUNTRY_ID));

  return (
    <section className="section" aria-labelledby="nationalities-heading">
      <h2 id="nationalities-heading">{t('sections.nationalities')}</h2>
      <fieldset className="field radios radios--inline" aria-describedby={`${QUESTION}-hint`}>
        <legend className="field__label">{t('nationalities.question')}</legend>
        <p id={`${QUESTION}-hint`} className="field__hint">
          {t('nationalities.hint', { max: MAX_ADDITIONAL_NATIONALITIES })}
        </p>
        <div className="radios__items">
          {(['yes', 'no'] as const).map((option) => (
            <div className="radios__item" key={option}>
              <input
                className="radios__input"
                type="radio"
                name={QUESTION}
                id={option === 'yes' ? QUESTION : `${QUESTION}-no`}
                value={option}
                checked={answer === option}
                onChange={() => answerWith(option)}
              />
              <label
                className="radios__label"
                htmlFor={option === 'yes' ? QUESTION : `${QUESTION}-no`}
              >
                {t(`common:${option}`)}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      {answer === 'yes' && (
        <fieldset
          id={FIELD}
          tabIndex={-1}
          aria-describedby={listError ? `${FIELD}-error` : undefined}
          className={`conditional add-another${listError ? ' field--error' : ''}`}
        >
          <legend className="visually-hidden">{t('fields.anotherNationalityArray.label')}</legend>
          <FieldMessages name={FIELD} error={listError} />
          <ul className="add-another__list">
            {chosen.map((_, index) => (
              // The form holds the list by position, so the position is the item's identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <li className="add-another__item" key={index}>
                <CountryField<PersonalValues>
                  control={form.control}
                  name={itemName(index)}
                  label={t('nationalities.item', { number: index + 1 })}
                  countries={optionsFor(index)}
                  toValue={countryValue}
                  error={entryErrors[index]}
                  warning={entryMessage(index, 'warning')}
                />
                <button
                  type="button"
                  className="button button--secondary add-another__remove"
                  onClick={() => remove(index)}
                >
                  {t('nationalities.remove')}
                  <span className="visually-hidden">
                    {' '}
                    {t('nationalities.item', { number: index + 1 })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {chosen.length < MAX_ADDITIONAL_NATIONALITIES ? (
            <button
              type="button"
              id={ADD_BUTTON}
              className="button button--secondary"
              onClick={add}
            >
              {t('nationalities.add')}
            </button>
          ) : (
            <p className="field__hint">
              {t('nationalities.limitReached', { max: MAX_ADDITIONAL_NATIONALITIES })}
            </p>
          )}
        </fieldset>
      )}
    </section>
  );
};
