// The renewal link a reminder before the authorization ends carries (issue 31, decision 057): a
// random 256-bit token in the URL's fragment (so that no server or proxy log records it), stored
// only as its SHA-256 hash with the application it renews, the address it goes to, and
// RENEWAL_LINK_TTL_MS to live. It is written in the transaction that records the reminder; the
// renewal API (api/renewal/service.ts) opens it once, after a code sent to that address.
import { createHash, randomBytes } from 'node:crypto';
import { RENEW_ROUTE, RENEWAL_LINK_TTL_MS } from '@eta-il/domain';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';

/** A token's length in bytes (43 characters of base64url). */
export const RENEWAL_TOKEN_BYTES = 32;

export const renewalTokenHash = (token: string) => createHash('sha256').update(token).digest();

/** The link's URL: the token in the fragment. */
const renewalUrl = (publicUrl: string, token: string) => `${publicUrl}${RENEW_ROUTE}#${token}`;

/**
 * A new renewal link for an application, valid RENEWAL_LINK_TTL_MS from `now`, for the address the
 * application has now; answers its URL.
 */
export const issueRenewalLink = async (
  tx: Kysely<Schema>,
  publicUrl: string,
  { applicationId, now }: { applicationId: string; now: Date },
): Promise<string> => {
  const { email } = await tx
    .selectFrom('application')
    .select('email')
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const token = randomBytes(RENEWAL_TOKEN_BYTES).toString('base64url');
  await tx
    .insertInto('renewal_link')
    .values({
      token_hash: renewalTokenHash(token),
      application_id: applicationId,
      email,
      created_at: now,
      expires_at: new Date(now.getTime() + RENEWAL_LINK_TTL_MS),
    })
    .execute();
  return renewalUrl(publicUrl, token);
};
