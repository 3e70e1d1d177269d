// The field wrapper (@eta-il/ui, STYLE §6) in the traveller's words: a rule's message id becomes
// the field's own words where the catalogue has them ("Enter the passport number" rather than
// "Required"), naming what it is about (a phone's country).
import type { MessageId } from '@eta-il/domain';
import {
  Field as FieldFrame,
  type FieldProps as FieldFrameProps,
  FieldHintAndMessages as HintAndMessages,
  FieldMessages as Messages,
} from '@eta-il/ui';
import { useTranslation } from 'react-i18next';
import { fieldMessageText, type MessageValues } from './issueText.ts';

interface MessageIds {
  error?: MessageId | undefined;
  warning?: MessageId | undefined;
  /** What the error names (a phone's country). */
  values?: MessageValues | undefined;
}

/** The words of the error and warning about `field`. */
const useMessageTexts = (field: string, { error, warning, values }: MessageIds) => {
  const translation = useTranslation('messages');
  return {
    error: error && fieldMessageText(translation, error, field, values),
    warning: warning && fieldMessageText(translation, warning, field),
  };
};

export const FieldMessages = ({
  name,
  field = name,
  ...ids
}: {
  name: string;
  /** The form field the messages are about, when `name` is a group's (a date's three boxes). */
  field?: string | undefined;
} & MessageIds) => {
  const texts = useMessageTexts(field, ids);
  return <Messages name={name} {...texts} />;
};

export const FieldHintAndMessages = ({
  name,
  hint,
  ...ids
}: { name: string; hint?: string | undefined } & MessageIds) => {
  const texts = useMessageTexts(name, ids);
  return <HintAndMessages name={name} hint={hint} {...texts} />;
};

export const Field = ({
  error,
  warning,
  values,
  ...props
}: Omit<FieldFrameProps, 'error' | 'warning'> & MessageIds) => {
  const texts = useMessageTexts(props.name, { error, warning, values });
  return <FieldFrame {...props} {...texts} />;
};
