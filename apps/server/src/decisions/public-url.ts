// Where travellers reach this service, for the links in e-mails and on the document. PUBLIC_URL;
// by default the local server of `npm start`.
import { ROUTES, STATUS_ROUTE, VERIFY_ROUTE } from '@eta-il/domain';

export const publicUrlFrom = (env: NodeJS.ProcessEnv = process.env): string =>
  (env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');

export const statusPageUrl = (publicUrl: string) => `${publicUrl}${STATUS_ROUTE}`;
export const visaPageUrl = (publicUrl: string) => `${publicUrl}${ROUTES.visaOption}`;
export const verifyPageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${VERIFY_ROUTE}?token=${encodeURIComponent(token)}`;
