import type { FastifyInstance } from 'fastify';
import { type AuthProviders, authTexts } from '../../shared/auth.js';
import type { Config } from '../config.js';
import { HttpError } from '../plugins/errors.js';
import type { SessionCookie } from '../plugins/session.js';
import type { AuthRepo } from './auth.repo.js';
import type { AuthService } from './auth.service.js';

export interface OidcDeps {
  config: Config['oidc'];
  appOrigin: string;
  repo: AuthRepo;
  auth: AuthService;
  cookie: SessionCookie;
  now: () => number;
}

export function createOidc(deps: OidcDeps) {
  return {
    providers: (): AuthProviders => ({ oidc: deps.config ? { name: deps.config.providerName } : null }),
    registerRoutes(app: FastifyInstance) {
      app.get('/api/login', async () => {
        throw new HttpError(404, authTexts.oidcNotConfigured, 'NOT_FOUND');
      });
    },
  };
}
