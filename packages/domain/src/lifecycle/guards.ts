// What an application's state allows (issue 29): the named questions the server, the back office
// and the status page ask of a state, each answered from the machine's table (machine.ts), so that
// what a state means is written once. Each takes any string: a state this build does not know
// allows nothing. The lists are for queries (`WHERE state IN (…)`), in APPLICATION_STATES order.
import { eventApplies, type LifecycleEvent, stateAfter } from './machine.ts';
import { type ApplicationState, expiredUnpaid, isBeforeDecision, statesWhere } from './states.ts';

/** Whether the machine's `event` moves an application in the state. */
const movedBy =
  (event: LifecycleEvent) =>
  (state: string): boolean =>
    eventApplies(event, state);

/** The fee is due (the traveller may pay): stored, neither screened nor shown to officers. */
export const awaitsPayment = movedBy('paymentReceived');

/** The traveller may withdraw: before a decision, paid or not (the machine's `withdraw`). */
export const isWithdrawable = movedBy('withdraw');

/** An officer asked the traveller a question that waits for an answer (`answerInfo`). */
export const asksTraveller = movedBy('answerInfo');

/** The traveller may correct details: paid and not decided yet (issue 13). */
export const isCorrectable = (state: string): boolean =>
  isBeforeDecision(state) && !awaitsPayment(state);

/** Paid and not screened yet: the screening job starts screening it. */
export const awaitsScreening = movedBy('startScreening');

/** The screening job's work: not screened yet, or being screened (a run cut short takes it up). */
export const isBeforeScreeningResult = (state: string): boolean =>
  awaitsScreening(state) || eventApplies('screeningPassed', state);

/** A case waits for an officer's decision: approve, ask the traveller or propose a refusal. */
export const awaitsOfficer = movedBy('approve');

/**
 * A case an officer has: waiting for an officer's decision or for the traveller's answer to one.
 * The queue shows these; a correction may ask for them to be screened again (issue 13).
 */
export const isWithOffice = (state: string): boolean =>
  awaitsOfficer(state) || asksTraveller(state);

/** The states the screening job works on. */
export const SCREENING_STATES: readonly ApplicationState[] = statesWhere(isBeforeScreeningResult);

/** The states an officer's queue shows: a case waits for an officer or for the traveller's answer. */
export const OFFICE_WAITING_STATES: readonly ApplicationState[] = statesWhere(isWithOffice);

/** States waiting for the fee (the payment-deadline job reminds and expires these). */
export const PAYMENT_WAITING_STATES: readonly ApplicationState[] = statesWhere(awaitsPayment);

/** States no officer sees, in no queue, search or count: the fee was never paid (issue 27). */
export const OFFICE_HIDDEN_STATES: readonly ApplicationState[] = statesWhere(
  (state) => awaitsPayment(state) || expiredUnpaid(state),
);

/**
 * The state in which an application reaches the office: paid, or with no fee due, and waiting for
 * screening. The status page shows a state it has no words for as this one.
 */
export const RECEIVED_STATE: ApplicationState = stateAfter('paymentReceived');
