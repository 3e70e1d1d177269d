-- Staff who sign in through the organisation's OpenID Connect provider (docs/decisions/026-staff-sign-in.md):
-- the provider's subject identifies them from the first sign-in on; they have no password.
ALTER TABLE staff ADD COLUMN oidc_subject text UNIQUE;
