// A traveller's request that an officer move a lost contact address (decision 047): pending until
// an officer or supervisor accepts it (the address changes) or rejects it with a reason.
import type { StaffRole } from './machine.ts';

export type ContactRequestStatus = 'pending' | 'accepted' | 'rejected';

/** The staff who may accept or reject a request. */
export const CONTACT_REQUEST_DECIDERS: readonly StaffRole[] = ['officer', 'supervisor'];
/** The staff who may read requests: auditors only read them, admins see nothing. */
export const CONTACT_REQUEST_READERS: readonly StaffRole[] = [
  ...CONTACT_REQUEST_DECIDERS,
  'auditor',
];

/** Whether a request still waits for an officer. */
export const isPendingContactRequest = (status: string): boolean => status === 'pending';

export const mayDecideContactRequest = (role: StaffRole, status: string): boolean =>
  CONTACT_REQUEST_DECIDERS.includes(role) && isPendingContactRequest(status);

/** The longest reason an officer may give for a rejection (the traveller is sent it). */
export const CONTACT_REJECTION_REASON_MAX = 1000;
