// Staff sign-in through the organisation's OpenID Connect provider (OIDC_ISSUER), with
// openid-client: the authorization code flow with PKCE, state and nonce. The provider vouches for
// who the person is (subject, verified e-mail address) and for their role (a claim); the server
// decides what that role may do. Discovery happens at the first sign-in, not at start-up, so an
// unreachable provider never stops the service (local accounts still work).
import { isStaffRole, type StaffRole } from '@eta-il/domain';
import * as client from 'openid-client';
import type { OidcConfig } from '../../config.ts';

/** What the browser keeps between the start and the callback (an HttpOnly cookie). */
export interface OidcTransaction {
  state: string;
  nonce: string;
  verifier: string;
}

export interface OidcIdentity {
  subject: string;
  email: string;
  role: StaffRole;
}

type OidcProblem = 'oidcFailed' | 'oidcNoRole' | 'oidcNoEmail';

type OidcOutcome = { ok: true; identity: OidcIdentity } | { ok: false; problem: OidcProblem };

export interface OidcSignIn {
  /** The provider's authorization URL and the transaction to keep; throws when unreachable. */
  start: () => Promise<{ url: URL; transaction: OidcTransaction }>;
  /** The identity the provider vouches for at the callback URL the browser came back to. */
  finish: (callbackUrl: URL, transaction: OidcTransaction) => Promise<OidcOutcome>;
}

const TIMEOUT_SECONDS = 10;

/** The first staff role among the claim's values (a string or a list of strings). */
const roleOf = (claim: unknown): StaffRole | undefined => {
  const values = Array.isArray(claim) ? claim : [claim];
  return values.find(
    (value): value is StaffRole => typeof value === 'string' && isStaffRole(value),
  );
};

/** The identity in the provider's claims, or why it is not enough to sign in. */
const identityOf = (claims: Record<string, unknown>, roleClaim: string): OidcOutcome => {
  const { sub, email, email_verified: verified } = claims;
  if (typeof sub !== 'string' || sub === '') return { ok: false, problem: 'oidcFailed' };
  if (typeof email !== 'string' || email.length > 254 || verified !== true) {
    return { ok: false, problem: 'oidcNoEmail' };
  }
  const role = roleOf(claims[roleClaim]);
  if (!role) return { ok: false, problem: 'oidcNoRole' };
  return { ok: true, identity: { subject: sub, email, role } };
};

export const createOidcSignIn = (settings: OidcConfig, redirectUri: string): OidcSignIn => {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        timeout: TIMEOUT_SECONDS,
        // Plain HTTP only for a provider on this machine's development set-up (config refuses it
        // in production).
        execute: settings.issuer.startsWith('http:') ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    start: async () => {
      const config = await configuration();
      const transaction = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scope,
        state: transaction.state,
        nonce: transaction.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(transaction.verifier),
        code_challenge_method: 'S256',
      });
      return { url, transaction };
    },
    finish: async (callbackUrl, transaction) => {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: transaction.verifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const idClaims: Record<string, unknown> = tokens.claims() ?? {};
      // Providers differ in what they put in the ID token; the UserInfo answer completes it.
      const userInfo = config.serverMetadata().userinfo_endpoint
        ? await client.fetchUserInfo(config, tokens.access_token, String(idClaims.sub))
        : {};
      return identityOf({ ...userInfo, ...idClaims }, settings.roleClaim);
    },
  };
};
