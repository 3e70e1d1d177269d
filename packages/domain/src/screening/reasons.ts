// Why a bearer is referred to an officer: each reason code with the id of its explanation.
// The ids are i18n keys (namespace "screening"); the English texts below are the source wording.

export const screeningMessages = {
  screeningLostDocument:
    'The passport number is on the list of lost and stolen travel documents for its issuing country.',
  screeningWatchlist:
    'The name is similar to a name on a watchlist; an officer compares birth date and nationality.',
  screeningLawProblems: 'The traveller answered that they have had problems with the law.',
  screeningDeclaredRefusal: 'The traveller answered that a previous request was refused.',
  screeningAnotherVisaRequest: 'The traveller answered that they have made another visa request.',
  screeningStoredRefusal: 'An earlier application with this passport was refused.',
  screeningPassportExpiresBeforeArrival: 'The passport expires before the arrival date.',
  screeningPassportExpiresDuringVisit: 'The passport expires before the end of the planned visit.',
  screeningNationalityNotEligible: 'Nationals of this country may not use ETA-IL.',
  screeningEnemyNationality:
    'The traveller holds a nationality of a country whose nationals may not use ETA-IL.',
} as const satisfies Record<string, string>;

export type ScreeningMessageId = keyof typeof screeningMessages;

export const REASON_CODES = [
  'LOST_DOCUMENT',
  'WATCHLIST',
  'LAW_PROBLEMS',
  'DECLARED_REFUSAL',
  'ANOTHER_VISA_REQUEST',
  'STORED_REFUSAL',
  'PASSPORT_EXPIRES_BEFORE_ARRIVAL',
  'PASSPORT_EXPIRES_DURING_VISIT',
  'NATIONALITY_NOT_ELIGIBLE',
  'ENEMY_NATIONALITY',
] as const;

export type ReasonCode = (typeof REASON_CODES)[number];
