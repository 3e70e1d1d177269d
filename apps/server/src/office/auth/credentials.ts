// Staff credentials: argon2id password hashes, TOTP second factors (their secrets sealed at rest
// under a key from AUTH_SECRET), and the random tokens of set-up links and sessions (stored only
// as their SHA-256).
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { Secret, TOTP } from 'otpauth';
import { createSealer, type Sealer } from '../../api/saved-application/sealing.ts';

/** Argon2id with OWASP's minimum parameters (19 MiB, 2 passes). */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

export const passwordMatches = async (stored: string, password: string): Promise<boolean> => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};

/** A hash to verify against when the address is unknown, so that both take the same time. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
};

const ISSUER = 'ETA-IL back office';

const totpOf = (secret: string, email: string) =>
  new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The sealer of staff TOTP secrets: AES-256-GCM under its own HKDF key from AUTH_SECRET. */
export const createTotpSealer = (authSecret: string): Sealer =>
  createSealer(authSecret, 'eta-il staff totp v1');

/** A secret sealed for one staff member: moved to another row, it does not open. */
export const sealTotpSecret = (sealer: Sealer, staffId: string, secret: string): Buffer =>
  sealer.seal(secret, Buffer.from(staffId));

export const openTotpSecret = (
  sealer: Sealer,
  staffId: string,
  sealed: Uint8Array,
): string | undefined => sealer.open(sealed, Buffer.from(staffId));

export const totpUri = (secret: string, email: string): string => totpOf(secret, email).toString();

const PERIOD_MS = 30_000;

/**
 * The 30-second step of a 6-digit code valid now, or one step before or after (clock drift);
 * undefined when it is not valid.
 */
export const totpStep = (
  secret: string,
  email: string,
  code: string,
  at: Date,
): number | undefined => {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret, email).validate({ token: code, timestamp: at.getTime(), window: 1 });
  return delta === null ? undefined : Math.floor(at.getTime() / PERIOD_MS) + delta;
};

/** The code a staff member's app shows at `at` (tests and the set-up check). */
export const totpCode = (secret: string, email: string, at: Date): string =>
  totpOf(secret, email).generate({ timestamp: at.getTime() });

export const newToken = (): string => randomBytes(32).toString('base64url');

export const tokenHash = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
