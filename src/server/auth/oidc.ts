import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { type AuthProviders, authTexts, emailRequestSchema, NAME_MAX_LENGTH } from '../../shared/auth.js';
import { ErrorCode } from '../../shared/errors.js';
import type { Config } from '../config.js';
import { HttpError } from '../plugins/errors.js';
import type { SessionCookie } from '../plugins/session.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { rateLimits } from '../rate-limit/rules.js';
import type { AuthRepo } from './auth.repo.js';
import type { AuthService } from './auth.service.js';
import type { OidcRepo } from './oidc.repo.js';
import { hashToken } from './tokens.js';

type OidcConfig = NonNullable<Config['oidc']>;

export interface OidcDeps {
  config: Config['oidc'];
  appOrigin: string;
  repo: AuthRepo;
  oidcRepo: OidcRepo;
  auth: AuthService;
  cookie: SessionCookie;
  limiter: RateLimiter;
  now: () => number;
}

const LOGIN_STATE_LIFETIME_MS = 10 * 60_000;
const DISCOVERY_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';
const SIGN_IN_FAILED_PATH = '/auth?mode=login&error=oidc';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A callback we turn down on purpose; `reason` goes to the log, never to the browser. */
class SignInRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * openid-client refuses plain http. A loopback issuer never leaves the machine, so http is allowed
 * there and nowhere else (docs/decisions/0005-oidc-accounts.md).
 */
export function isLoopbackIssuer(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** The issuer's metadata, fetched once; a failed discovery is forgotten so a later request retries. */
function createDiscovery(oidc: OidcConfig) {
  let pending: Promise<client.Configuration> | undefined;
  return () => {
    pending ??= client
      .discovery(
        new URL(oidc.issuer),
        oidc.clientId,
        undefined,
        // A confidential client authenticates the way OIDC registers clients by default.
        oidc.clientSecret ? client.ClientSecretBasic(oidc.clientSecret) : client.None(),
        {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          execute: isLoopbackIssuer(oidc.issuer) ? [client.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };
}

/** Binds a pending login to the browser that started it, so a callback from elsewhere is refused. */
function loginStateCookie(isHttps: boolean) {
  const name = isHttps ? '__Secure-oidc_state' : 'oidc_state';
  const options = { path: '/api/callback', httpOnly: true, sameSite: 'lax' as const, secure: isHttps };
  return {
    set: (reply: FastifyReply, state: string) =>
      reply.setCookie(name, state, { ...options, maxAge: LOGIN_STATE_LIFETIME_MS / 1000 }),
    clear: (reply: FastifyReply) => reply.clearCookie(name, options),
    read: (request: FastifyRequest) => request.cookies[name],
  };
}

function isSameText(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

interface ProviderIdentity {
  /** `${issuer}|${sub}`: a sub is unique only within its issuer. */
  subject: string;
  email: string | undefined;
  isEmailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

const nameClaim = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, NAME_MAX_LENGTH) : null;

/** The claims we use, from the ID token, or from userinfo when the ID token carries no email. */
async function readIdentity(
  configuration: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<ProviderIdentity> {
  const idToken = tokens.claims();
  if (!idToken) throw new SignInRefused('no-id-token');
  const userInfo =
    typeof idToken.email === 'string'
      ? undefined
      : await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
  // The address and the provider's word on it come from one source, never mixed.
  const emailSource: Record<string, unknown> = userInfo ?? idToken;
  const email = emailRequestSchema.safeParse({ email: emailSource.email });
  return {
    subject: `${idToken.iss}|${idToken.sub}`,
    email: email.success ? email.data.email : undefined,
    // Some providers send the flag as a string.
    isEmailVerified: emailSource.email_verified === true || emailSource.email_verified === 'true',
    firstName: nameClaim(idToken.given_name ?? userInfo?.given_name),
    lastName: nameClaim(idToken.family_name ?? userInfo?.family_name),
  };
}

export function createOidc(deps: OidcDeps) {
  const { config: oidc, repo, oidcRepo, auth, now } = deps;
  const discover = oidc ? createDiscovery(oidc) : undefined;
  const stateCookie = loginStateCookie(deps.appOrigin.startsWith('https:'));
  const redirectUri = `${deps.appOrigin}/api/callback`;

  /** The discovered issuer; a 404 when this server has no provider configured. */
  function issuerConfiguration(): Promise<client.Configuration> {
    if (!discover) throw new HttpError(404, authTexts.oidcNotConfigured, ErrorCode.notFound);
    return discover();
  }

  /**
   * The account rules: a known provider account signs in; otherwise an existing account with the
   * address is linked only when the provider vouches for the address; otherwise a new account.
   */
  async function findOrCreateUser(identity: ProviderIdentity): Promise<string> {
    const linked = await repo.findUserByOidcSubject(identity.subject);
    if (linked) return linked.id;
    if (!identity.email) throw new SignInRefused('no-email-claim');

    const existing = await repo.findUserByEmail(identity.email);
    if (existing) {
      if (!identity.isEmailVerified) throw new SignInRefused('existing-account-unverified-email-claim');
      const hasProvenEmail = existing.emailVerified === 1;
      const isLinked = await oidcRepo.linkOidcSubject(
        { id: existing.id, hasProvenEmail },
        identity.subject,
        now(),
      );
      if (!isLinked) throw new SignInRefused('existing-account-linked-to-another-identity');
      // Sessions opened with a password nobody proved ownership of end with it.
      if (!hasProvenEmail) await repo.deleteSessionsOfUser(existing.id);
      return existing.id;
    }

    const created = await repo.insertUser(
      {
        email: identity.email,
        passwordHash: null,
        firstName: identity.firstName,
        lastName: identity.lastName,
        authProvider: 'oidc',
        oidcSubject: identity.subject,
        emailVerified: identity.isEmailVerified ? 1 : 0,
      },
      now(),
    );
    if (!created) throw new SignInRefused('email-taken-concurrently');
    return created.id;
  }

  async function startLogin(reply: FastifyReply) {
    const configuration = await issuerConfiguration().catch((error: unknown) => {
      reply.log.warn({ err: describeError(error) }, 'oidc discovery failed');
      throw new HttpError(
        503,
        authTexts.oidcUnreachable,
        ErrorCode.serviceUnavailable,
        {},
        { 'Retry-After': '30' },
      );
    });
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    await oidcRepo.deleteExpiredLoginStates(now());
    await oidcRepo.insertLoginState({
      stateHash: hashToken(state),
      codeVerifier,
      nonce,
      createdAt: now(),
      expiresAt: now() + LOGIN_STATE_LIFETIME_MS,
    });
    const authorizationUrl = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    stateCookie.set(reply, state);
    return reply.header('Cache-Control', 'no-store').redirect(authorizationUrl.href, 302);
  }

  /** Completes the code flow and answers the user to sign in; throws on anything doubtful. */
  async function completeLogin(request: FastifyRequest, queryState: unknown): Promise<string> {
    const cookieState = stateCookie.read(request);
    if (typeof queryState !== 'string' || !cookieState || !isSameText(queryState, cookieState)) {
      throw new SignInRefused('state-does-not-match-this-browser');
    }
    const pending = await oidcRepo.consumeLoginState(hashToken(queryState));
    if (!pending) throw new SignInRefused('unknown-or-used-state');
    if (pending.expiresAt <= now()) throw new SignInRefused('expired-state');

    const configuration = await issuerConfiguration();
    const callbackUrl = new URL(redirectUri);
    callbackUrl.search = new URL(request.url, deps.appOrigin).search;
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: queryState,
      expectedNonce: pending.nonce,
    });
    return findOrCreateUser(await readIdentity(configuration, tokens));
  }

  return {
    providers: (): AuthProviders => ({ oidc: oidc ? { name: oidc.providerName } : null }),

    registerRoutes(app: FastifyInstance) {
      app.get('/api/login', async (request, reply) => {
        // Each start writes a pending login: bounded per address.
        if (oidc) await deps.limiter.consume(rateLimits.externalSignInPerIp, request.ip);
        return startLogin(reply);
      });

      app.get<{ Querystring: { state?: unknown } }>('/api/callback', async (request, reply) => {
        if (!oidc) throw new HttpError(404, authTexts.oidcNotConfigured, ErrorCode.notFound);
        stateCookie.clear(reply);
        reply.header('Cache-Control', 'no-store');
        try {
          const userId = await completeLogin(request, request.query.state);
          // A new token at every sign-in: whatever session the browser held before ends here.
          const session = await auth.startSession(userId, false);
          await auth.endSession(request.auth?.token);
          deps.cookie.set(reply, session.token, session.isPersistent, session.expiresAt);
          return reply.redirect('/', 302);
        } catch (error) {
          const reason = error instanceof SignInRefused ? error.reason : 'sign-in-failed';
          request.log.warn({ reason, err: describeError(error) }, 'oidc sign-in refused');
          return reply.redirect(SIGN_IN_FAILED_PATH, 302);
        }
      });
    },
  };
}

/** What of an error may be logged: no tokens, no response bodies, no addresses. */
function describeError(error: unknown) {
  if (error instanceof SignInRefused) return undefined;
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, error: oauthError, cause } = error as { code?: unknown; error?: unknown; cause?: unknown };
  const causeCode = (cause as { code?: unknown } | undefined)?.code;
  return { name: error.name, code, oauthError, causeCode, message: error.message };
}
