// The links to the traveller's pages, from where travellers reach this service (config.publicUrl:
// PUBLIC_URL, by default the local server of `npm start`).
import { ROUTES, STATUS_ROUTE, VERIFY_ROUTE } from '@eta-il/domain';

/** The status page, its application number filled in when one is given (the page reads it). */
export const statusPageUrl = (publicUrl: string, applicationNumber?: string) =>
  applicationNumber === undefined
    ? `${publicUrl}${STATUS_ROUTE}`
    : `${publicUrl}${STATUS_ROUTE}?applicationNumber=${encodeURIComponent(applicationNumber)}`;
export const visaPageUrl = (publicUrl: string) => `${publicUrl}${ROUTES.visaOption}`;
export const verifyPageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${VERIFY_ROUTE}?token=${encodeURIComponent(token)}`;
