// Where travellers reach this service, for the links in e-mails and on the document. PUBLIC_URL;
// by default the local server of `npm start`.
export const publicUrlFrom = (env: NodeJS.ProcessEnv = process.env): string =>
  (env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');

export const statusPageUrl = (publicUrl: string) => `${publicUrl}/status`;
export const visaPageUrl = (publicUrl: string) => `${publicUrl}/visa-option`;
export const verifyPageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/verify?token=${encodeURIComponent(token)}`;
