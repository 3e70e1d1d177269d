// What the renewal and new-passport suites share: a renewed draft made ready to submit.
import { type ApplicationDraft, bearerOf, withBearer } from '@eta-il/domain';
import { validDraft } from '../../../../packages/domain/test/fixtures.ts';

/** The renewed draft made ready to submit: a new trip, a new photo, the declaration. */
export const completedRenewal = (draft: ApplicationDraft, photoId: string): ApplicationDraft => {
  const trip = bearerOf(validDraft());
  return {
    ...withBearer(draft, {
      entryReasonId: trip.entryReasonId,
      lengthOfStayId: trip.lengthOfStayId,
      estimatedArrivalDate: trip.estimatedArrivalDate,
      portOfEntryCountryId: trip.portOfEntryCountryId,
      photoId,
    }),
    reqDeclaration: 1,
    reqDisclaimer: 1,
  };
};
