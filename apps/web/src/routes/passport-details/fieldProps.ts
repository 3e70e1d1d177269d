// What the passport step's field groups receive from the page.
import type { MessageId, PassportValues, ReferenceData } from '@eta-il/domain';
import type { UseFormReturn } from 'react-hook-form';

export interface PassportFieldsProps {
  form: UseFormReturn<PassportValues>;
  reference: ReferenceData;
  errorOf: (field: string) => MessageId | undefined;
  warningOf: (field: string) => MessageId | undefined;
  /** The traveller applies for themselves: the browser may offer their own details. */
  own: boolean;
}
