// The links to the traveller's pages, from where travellers reach this service (config.publicUrl:
// PUBLIC_URL, by default the local server of `npm start`).
import { ROUTES, STATUS_ROUTE, VERIFY_ROUTE } from '@eta-il/domain';

export const statusPageUrl = (publicUrl: string) => `${publicUrl}${STATUS_ROUTE}`;
export const visaPageUrl = (publicUrl: string) => `${publicUrl}${ROUTES.visaOption}`;
export const verifyPageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${VERIFY_ROUTE}?token=${encodeURIComponent(token)}`;
