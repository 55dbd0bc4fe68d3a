import { timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import {
  type AuthProviders,
  authTexts,
  emailRequestSchema,
  NAME_MAX_LENGTH,
} from '../../shared/auth/auth.contract.js';
import { ErrorCode } from '../../shared/errors.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Transaction } from '../db/transaction.js';
import { HttpError } from '../errors/http-error.js';
import { currentLocale } from '../i18n.js';
import { addressKeyOf } from '../rate-limit/address.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { rateLimits } from '../rate-limit/rules.js';
import { hashToken } from '../tokens.js';
import type { AuthRepo } from './auth.repo.js';
import type { OidcRepo } from './oidc.repo.js';
import type { SessionsService } from './sessions.service.js';

type OidcConfig = NonNullable<Config['oidc']>;

export interface OidcServiceDeps {
  config: Config['oidc'];
  appOrigin: string;
  repo: AuthRepo;
  oidcRepo: OidcRepo;
  /** Linking a provider account and ending the sessions it supersedes happen together. */
  transaction: Transaction<{ auth: AuthRepo; oidc: OidcRepo }>;
  sessions: SessionsService;
  limiter: RateLimiter;
  clock: Clock;
}

/** How long a started login may take to come back: the pending row and the state cookie. */
export const LOGIN_STATE_LIFETIME_MS = 10 * 60_000;
const DISCOVERY_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A callback we turn down on purpose; `reason` goes to the log, never to the browser. */
export class SignInRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Discovery failed when starting a login; `cause` is the original error, for the log only. */
export class IssuerUnreachable extends Error {
  constructor(cause: unknown) {
    super('oidc discovery failed', { cause });
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

/** What the callback brought back: the query's state, the state cookie, and the URL it came to. */
export interface OidcCallback {
  state: unknown;
  browserState: string | undefined;
  requestUrl: string;
}

export function createOidcService(deps: OidcServiceDeps) {
  const { config: oidc, repo, oidcRepo, limiter, clock: now } = deps;
  const discover = oidc ? createDiscovery(oidc) : undefined;
  const redirectUri = `${deps.appOrigin}/api/callback`;

  /** The issuer's discovery; a 404 when this server has no provider configured. */
  function configuredDiscovery() {
    if (!discover) throw new HttpError(404, authTexts.oidcNotConfigured, { code: ErrorCode.notFound });
    return discover;
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
      const isLinked = await deps.transaction(async (tx) => {
        const linked = await tx.oidc.linkOidcSubject(
          existing.id,
          {
            oidcSubject: identity.subject,
            // The provider vouched for the address just above.
            emailVerified: 1,
            // Linking an address nobody had proven drops the password it was registered with: whoever
            // chose it never showed they own the mailbox (a pre-registered account must not stay theirs).
            ...(hasProvenEmail ? {} : { passwordHash: null, authProvider: 'oidc' as const }),
          },
          now(),
        );
        // Sessions opened with a password nobody proved ownership of end with it.
        if (linked && !hasProvenEmail) await tx.auth.deleteSessionsOfUser(existing.id);
        return linked;
      });
      if (!isLinked) throw new SignInRefused('existing-account-linked-to-another-identity');
      if (!hasProvenEmail) await deps.sessions.announceAllEnded(existing.id, 'account-linked');
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
        // Registered by this sign-in: the account speaks the language of its request (docs/decisions/0164).
        locale: currentLocale(),
        signInLocale: currentLocale(),
      },
      now(),
    );
    if (!created) throw new SignInRefused('email-taken-concurrently');
    return created.id;
  }

  return {
    providers: (): AuthProviders => ({ oidc: oidc ? { name: oidc.providerName } : null }),

    /** A 404 when this server has no provider configured. */
    requireConfigured(): void {
      configuredDiscovery();
    },

    /**
     * Records a pending login and answers where to send the browser, with the state to bind to it.
     * Throws IssuerUnreachable when discovery fails.
     */
    async startLogin(clientIp: string): Promise<{ state: string; authorizationUrl: string }> {
      const discoverIssuer = configuredDiscovery();
      // Each start writes a pending login: bounded per address.
      await limiter.consume(rateLimits.externalSignInPerIp, addressKeyOf(clientIp));
      const configuration = await discoverIssuer().catch((error: unknown) => {
        throw new IssuerUnreachable(error);
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
      return { state, authorizationUrl: authorizationUrl.href };
    },

    /** Completes the code flow and answers whom it proved; throws on anything doubtful. */
    async completeLogin(callback: OidcCallback): Promise<string> {
      const { state, browserState } = callback;
      if (typeof state !== 'string' || !browserState || !isSameText(state, browserState)) {
        throw new SignInRefused('state-does-not-match-this-browser');
      }
      const pending = await oidcRepo.consumeLoginState(hashToken(state));
      if (!pending) throw new SignInRefused('unknown-or-used-state');
      if (pending.expiresAt <= now()) throw new SignInRefused('expired-state');

      const configuration = await configuredDiscovery()();
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = new URL(callback.requestUrl, deps.appOrigin).search;
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
      });
      return findOrCreateUser(await readIdentity(configuration, tokens));
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
