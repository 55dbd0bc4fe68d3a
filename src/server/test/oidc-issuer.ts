import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider publishes no types; the little used here is typed below.
import Provider from 'oidc-provider';
import type { Config } from '../config.js';
import { createCookieJar } from './cookie-jar.js';
import { uniqueEmail } from './sign-up.js';

/** A person at the test issuer: the claims it tells the app about them. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface OidcIssuerOptions {
  /** Where the app's callback lives; registered with the issuer's one client. */
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /**
   * By default the issuer keeps email and profile claims out of the ID token (they are served at
   * userinfo, as many providers do); true puts them in the ID token too.
   */
  claimsInIdToken?: boolean;
  /** A fixed port (e.g. one an app was configured with before the issuer started); default: any free one. */
  port?: number;
}

/** The issuer endpoints a test can break (`breakEndpoint`), at the paths the provider serves them. */
const ENDPOINT_PATHS = { token: '/token', userinfo: '/me' } as const;
export type IssuerEndpoint = keyof typeof ENDPOINT_PATHS;

/**
 * How a broken endpoint answers: a 500 with an OAuth error body, a 200 whose body is not JSON, a
 * connection closed without an answer, or (userinfo) a 200 about another person than the token's.
 */
export type EndpointFailure = 'server-error' | 'not-json' | 'connection-reset' | 'other-subject';

function answerBroken(req: http.IncomingMessage, res: http.ServerResponse, failure: EndpointFailure) {
  if (failure === 'connection-reset') return void req.socket.destroy();
  if (failure === 'not-json') {
    return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>Bad gateway</html>');
  }
  if (failure === 'other-subject') {
    const claims = { sub: 'someone-else', email: 'someone-else@example.org', email_verified: true };
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(claims));
  }
  res
    .writeHead(500, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error: 'server_error', error_description: 'The test issuer is broken' }));
}

interface Interaction {
  uid: string;
  prompt: { name: string; details: Record<string, unknown> };
  params: Record<string, string>;
  session?: { accountId: string };
  grantId?: string;
}

interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}

interface OidcProvider {
  callback(): http.RequestListener;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: { new (init: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant> };
}

/**
 * A real OpenID provider (oidc-provider) over http on loopback, with one confidential client that
 * must use PKCE. Its sign-in and consent pages are plain HTML forms, so a browser can use them and
 * `completeAuthorization` can drive them with fetch.
 */
export async function startOidcIssuer(options: OidcIssuerOptions) {
  const clientId = options.clientId ?? 'vehicle-contact';
  const clientSecret = options.clientSecret ?? randomBytes(16).toString('hex');
  const accounts = new Map<string, TestAccount>();

  const broken = new Map<string, { failure: EndpointFailure; requests: number }>();

  let provider: OidcProvider | undefined;
  const server = http.createServer((req, res) => {
    if (!provider) return void res.writeHead(503).end();
    const path = req.url?.split('?')[0] ?? '';
    const breakage = broken.get(path);
    if (breakage) {
      breakage.requests++;
      return answerBroken(req, res, breakage.failure);
    }
    const interaction = /^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?$/.exec(path);
    if (!interaction) return provider.callback()(req, res);
    handleInteraction(provider, req, res, interaction[2]).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function handleInteraction(
    provider: OidcProvider,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    action: string | undefined,
  ) {
    const details = await provider.interactionDetails(req, res);
    const form = new URLSearchParams(await readBody(req));
    if (action === 'login') {
      const accountId = form.get('login') ?? '';
      if (!accounts.has(accountId)) return void res.writeHead(400).end(`No test account ${accountId}`);
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
    }
    if (action === 'confirm') {
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({
            accountId: details.session?.accountId ?? '',
            clientId: details.params.client_id ?? '',
          });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const result = { consent: { grantId: await grant.save() } };
      return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
    }
    if (action === 'abort') {
      const result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
      return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(interactionPage(details));
  }

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    conformIdTokenClaims: !options.claimsInIdToken,
    // Lifetimes in seconds, set so the provider does not print its notices about defaults.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: async () => ({ ...account }) } : undefined;
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    routes: { token: ENDPOINT_PATHS.token, userinfo: ENDPOINT_PATHS.userinfo },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    adapter: createMemoryAdapter(),
  }) as OidcProvider;

  return {
    issuer,
    clientId,
    clientSecret,
    /**
     * From now on `endpoint` answers with `failure` instead of the provider (as a failing proxy or
     * provider would), until `restore()`; `requests` counts the requests it turned away.
     */
    breakEndpoint(endpoint: IssuerEndpoint, failure: EndpointFailure) {
      const path = ENDPOINT_PATHS[endpoint];
      const breakage = { failure, requests: 0 };
      broken.set(path, breakage);
      return {
        get requests() {
          return breakage.requests;
        },
        restore() {
          if (broken.get(path) === breakage) broken.delete(path);
        },
      };
    },
    /** Makes `account` known to the issuer, replacing an earlier one with the same sub. */
    addAccount(account: TestAccount) {
      accounts.set(account.sub, account);
    },
    /**
     * Follows an authorization URL the way a browser would: signs in as `accountId`, allows (or
     * denies) consent, and answers the URL the issuer sends the browser back to.
     */
    async completeAuthorization(
      authorizationUrl: string,
      accountId: string,
      choice = { denyConsent: false },
    ) {
      const jar = createCookieJar();
      let url = new URL(authorizationUrl);
      let form: URLSearchParams | undefined;
      for (let step = 0; step < 20; step++) {
        if (url.origin !== issuer) return url;
        const response = await fetch(url, {
          method: form ? 'POST' : 'GET',
          body: form,
          redirect: 'manual',
          headers: { cookie: jar.cookieHeader(url) },
        });
        jar.store(url, response.headers.getSetCookie());
        const location = response.headers.get('location');
        const page = await response.text();
        form = undefined;
        if (location) {
          url = new URL(location, url);
          continue;
        }
        const prompt = /data-prompt="(\w+)"/.exec(page)?.[1];
        if (!response.ok || !prompt) {
          throw new Error(`The issuer answered ${response.status} at ${url.pathname}: ${page.slice(0, 300)}`);
        }
        const action = prompt === 'login' ? 'login' : choice.denyConsent ? 'abort' : 'confirm';
        url = new URL(`${url.pathname}/${action}`, url);
        form = new URLSearchParams(prompt === 'login' ? { login: accountId } : {});
      }
      throw new Error('The issuer kept redirecting');
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

export type OidcIssuer = Awaited<ReturnType<typeof startOidcIssuer>>;

/** The app's OIDC settings for signing in with `issuer`. */
export const oidcConfig = (issuer: OidcIssuer): Config['oidc'] => ({
  issuer: issuer.issuer,
  clientId: issuer.clientId,
  clientSecret: issuer.clientSecret,
  providerName: 'Test ID',
});

/** A fresh account at `issuer`; its sub and address are unique per call. */
export function providerAccount(issuer: OidcIssuer, claims: Partial<TestAccount> = {}): TestAccount {
  const account = {
    sub: `sub-${randomBytes(6).toString('hex')}`,
    email: uniqueEmail('oidc'),
    email_verified: true,
    given_name: 'Olive',
    family_name: 'Driver',
    ...claims,
  };
  issuer.addAccount(account);
  return account;
}

function interactionPage(interaction: Interaction): string {
  const action = `/interaction/${encodeURIComponent(interaction.uid)}`;
  const body =
    interaction.prompt.name === 'login'
      ? `<form method="post" action="${action}/login" data-prompt="login">
  <label>Account <input name="login" autofocus required></label>
  <button type="submit">Sign in</button>
</form>`
      : `<form method="post" action="${action}/confirm" data-prompt="consent"><button type="submit">Allow</button></form>
<form method="post" action="${action}/abort"><button type="submit">Deny</button></form>`;
  return `<!doctype html><html><head><title>Test issuer</title></head><body>${body}</body></html>`;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

type StoredPayload = Record<string, unknown> & { uid?: string; grantId?: string; consumed?: number };

/** oidc-provider's storage for one issuer, in memory (its built-in one is shared and warns). */
function createMemoryAdapter() {
  const store = new Map<string, { payload: StoredPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt <= Date.now()) store.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };
  return class MemoryAdapter {
    constructor(readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: StoredPayload, expiresIn?: number) {
      store.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      for (const [key, entry] of store) {
        if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid) return live(key);
      }
      return undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    }
  };
}
