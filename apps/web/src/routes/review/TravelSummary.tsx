// The review's travel information: purpose, arrival date and length of stay.
import {
  type ApplicationDraft,
  ARRIVAL_DATE,
  bearerOf,
  formatDate,
  type ReferenceData,
} from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { useFieldLabel, useStoredNames } from './names.ts';
import { SummaryList } from './SummaryList.tsx';

export const TravelSummary = ({
  draft,
  reference,
}: {
  draft: ApplicationDraft;
  reference: ReferenceData;
}) => {
  const { i18n } = useTranslation();
  const label = useFieldLabel();
  const names = useStoredNames(reference);
  const bearer = bearerOf(draft);
  return (
    <SummaryList
      rows={[
        {
          key: 'entryReasonId',
          label: label('travel', 'entryReasonId'),
          value: names.entryReason(bearer.entryReasonId),
        },
        {
          key: 'estimatedArrivalDate',
          label: label('travel', ARRIVAL_DATE.day),
          value: formatDate(bearer.estimatedArrivalDate, i18n.language),
        },
        {
          key: 'lengthOfStayId',
          label: label('travel', 'lengthOfStayId'),
          value: names.lengthOfStay(bearer.lengthOfStayId),
        },
      ]}
    />
  );
};
