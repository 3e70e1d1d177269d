// A real OpenID Connect provider for the tests (oidc-provider, on a local port) and a small
// browser that walks its sign-in pages: the login form of its development interactions (any
// login is an account id; the accounts' claims come from the test) and its consent page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { OidcConfig } from '../src/config.ts';

export type AccountClaims = Record<string, unknown>;

export interface TestIssuer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The claims each login answers; change them between sign-ins. */
  accounts: Map<string, AccountClaims>;
  /** The back office's OIDC settings for this provider (OIDC_ISSUER and the rest). */
  settings: OidcConfig;
  close: () => Promise<void>;
}

export const startTestIssuer = async (redirectUri: string): Promise<TestIssuer> => {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, AccountClaims>();
  const clientId = 'eta-il-office';
  const clientSecret = 'a-client-secret-for-the-tests-only';
  const provider = new Provider(url, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub', 'roles'], email: ['email', 'email_verified'] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, ...accounts.get(id) }),
    }),
  });
  server.on('request', provider.callback());
  return {
    url,
    clientId,
    clientSecret,
    accounts,
    settings: { issuer: url, clientId, clientSecret, roleClaim: 'roles', scope: 'openid email' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

type Cookies = Map<string, string>;

const keep = (cookies: Cookies, response: Response) => {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
};

const header = (cookies: Cookies) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/**
 * Follows the provider's pages from its authorization URL as `login` would in a browser with no
 * session there yet; answers the URL the provider sends the browser back to.
 */
export const signInAtIssuer = async (authorizationUrl: string, login: string): Promise<URL> => {
  const cookies: Cookies = new Map();
  let location = new URL(authorizationUrl);
  for (let hop = 0; hop < 20; hop += 1) {
    if (location.origin !== new URL(authorizationUrl).origin) return location;
    const page = await fetch(location, {
      redirect: 'manual',
      headers: { cookie: header(cookies) },
    });
    keep(cookies, page);
    const next = page.headers.get('location');
    if (next) {
      location = new URL(next, location);
      continue;
    }
    const html = await page.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on the provider's page: ${page.status} ${html}`);
    const form: Record<string, string> = html.includes('name="login"')
      ? { prompt: 'login', login, password: 'any' }
      : { prompt: 'consent' };
    const target = new URL(action, location);
    const posted = await fetch(target, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: header(cookies), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    keep(cookies, posted);
    const after = posted.headers.get('location');
    if (!after) throw new Error(`the provider answered ${posted.status} to ${form.prompt}`);
    location = new URL(after, target);
  }
  throw new Error('the provider redirected too many times');
};
