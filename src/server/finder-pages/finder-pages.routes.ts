import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '../../shared/auth/auth.contract.js';
import { ContractError } from '../../shared/contract.js';
import { isLocale, type Locale } from '../../shared/i18n/locales.js';
import { MESSAGE_MAX_LENGTH } from '../../shared/messaging/messages.contract.js';
import type { PageAnswers } from '../../shared/server-render.js';
import { normaliseShortCode } from '../../shared/vehicles/sticker-code.js';
import type { PublicVehicle } from '../../shared/vehicles/vehicles.responses.js';
import { HttpError } from '../errors/http-error.js';
import { localeOfRequest, withLocale } from '../i18n.js';
import type { FinderMessaging } from '../messaging/messaging.port.js';
import { nulInText } from '../plugins/input.js';
import type { PublicVehicleLookups } from '../vehicles/vehicles.port.js';
import { type CompressedPage, compressPage, encodingFor } from './compression.js';
import type { PageDocument } from './page-document.js';
import type { PageRenderer } from './renderer.js';

/** Where the client leads a QR link or short code that finds no vehicle (pages/vehicle-found.tsx). */
const NOT_FOUND_PATH = '/?error=vehicle-not-found';
/** A page holds what this browser's preferences say (its quick messages): no shared cache keeps it. */
const PAGE_CACHE = 'private, no-cache';
/** The form's body: a message of 500 characters, each up to 4 bytes, percent-encoded, with room to spare. */
const FORM_BODY_LIMIT = 16 * 1024;

interface Deps {
  renderer: PageRenderer;
  document: PageDocument;
  vehicles: PublicVehicleLookups;
  messaging: FinderMessaging;
}

type Params<T> = { Params: T; Querystring: Record<string, string | undefined> };

/**
 * The finder's pages drawn on the server (issue 37, decision 0168): a QR link, a short code link, Vehicle
 * found and Send Message answer the page itself, with the vehicle in it, and Send Message's form posts here
 * without JavaScript. A browser that holds a session (its hint cookie) gets the app as before, which draws
 * the signed-in variants; so does every request the server cannot draw for (a lookup refused, a renderer
 * failure): the app then asks and answers as ever. The lookups are the API's, through vehicles' port.
 */
export function registerFinderPageRoutes(app: FastifyInstance, deps: Deps): void {
  const { renderer, document, vehicles } = deps;

  /** The page's language: this browser's choice in Settings (its preferences cookie), else the request's. */
  function localeOf(request: FastifyRequest): Locale {
    try {
      const chosen = (JSON.parse(request.cookies.preferences ?? '{}') as { locale?: unknown }).locale;
      if (isLocale(chosen)) return chosen;
    } catch {
      // A malformed cookie is no choice.
    }
    return localeOfRequest(request);
  }

  /** The app as every other address gets it (index.html as built), compressed once per encoding. */
  const appShells = new Map<CompressedPage['encoding'], CompressedPage>();
  function appShell(reply: FastifyReply, status = 200) {
    const accepted = encodingFor(reply.request.headers['accept-encoding']);
    let shell = appShells.get(accepted);
    if (!shell) {
      shell = compressPage(document.appShell, accepted);
      appShells.set(accepted, shell);
    }
    const { body, encoding } = shell;
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  }

  /**
   * Draws the page at the request's address, or at `address` (a form's answer drawn in place); `keep` holds
   * a page that is the same for every browser it is drawn for, by language and encoding.
   */
  async function drawPage(
    request: FastifyRequest,
    reply: FastifyReply,
    answers: PageAnswers,
    status = 200,
    address = request.url,
    keep?: Map<string, CompressedPage>,
  ) {
    const locale = localeOf(request);
    const query = address.indexOf('?');
    const [path, search] = query < 0 ? [address, ''] : [address.slice(0, query), address.slice(query)];
    try {
      const accepted = encodingFor(request.headers['accept-encoding']);
      const keptAs = keep ? `${locale} ${accepted}` : undefined;
      let page = keptAs ? keep?.get(keptAs) : undefined;
      if (!page) {
        const rendered = await withLocale(locale, () =>
          renderer.render({ path, search, cookies: request.headers.cookie ?? '', answers }),
        );
        page = compressPage(document.page(rendered, locale), accepted);
        if (keptAs) keep?.set(keptAs, page);
      }
      const { body, encoding } = page;
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply
        .status(status)
        .header('Cache-Control', PAGE_CACHE)
        .header('Content-Language', locale)
        .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
        .type('text/html; charset=utf-8')
        .send(body);
    } catch (error) {
      request.log.error({ err: error }, 'page render failed; answered the app');
      return appShell(reply, status);
    }
  }

  const hasSession = (request: FastifyRequest) => request.cookies[SESSION_HINT_COOKIE] === '1';

  /** A lookup's answer, or undefined where it was refused (a rate limit, a fault): the app asks again. */
  async function lookUp(request: FastifyRequest, lookup: Promise<PublicVehicle | null>) {
    try {
      return await lookup;
    } catch (error) {
      request.log.info({ err: error }, 'page lookup refused; answered the app');
      return undefined;
    }
  }

  async function drawCodePage(
    request: FastifyRequest,
    reply: FastifyReply,
    lookup: () => Promise<PublicVehicle | null>,
    answers: (vehicle: PublicVehicle) => PageAnswers,
  ) {
    if (hasSession(request)) return appShell(reply);
    const vehicle = await lookUp(request, lookup());
    if (vehicle === undefined) return appShell(reply);
    if (vehicle === null) return reply.redirect(NOT_FOUND_PATH, 303);
    return drawPage(request, reply, answers(vehicle));
  }

  // The landing page, where a finder without a sticker starts (and where a code that found nothing leads).
  // Without a query (the notices' ?error= and ?verified= are the client's to read) it is the same page for
  // every browser without a session in one language: drawn once per language and encoding (docs/performance.md).
  const landingPages = new Map<string, CompressedPage>();
  app.get('/', (request, reply) => {
    if (hasSession(request)) return appShell(reply);
    const isPlain = request.url === '/';
    return drawPage(request, reply, {}, 200, request.url, isPlain ? landingPages : undefined);
  });

  app.get<Params<{ code: string }>>('/vehicle/qr/:code', (request, reply) => {
    const { code } = request.params;
    return drawCodePage(
      request,
      reply,
      () => vehicles.byQrCode(code, request.ip),
      (vehicle) => ({ vehicleByQrCode: { code, vehicle } }),
    );
  });

  app.get<Params<Record<string, never>>>('/vehicle-found', (request, reply) => {
    const code = request.query.qr ?? '';
    return drawCodePage(
      request,
      reply,
      () => vehicles.byQrCode(code, request.ip),
      (vehicle) => ({ vehicleByQrCode: { code, vehicle } }),
    );
  });

  app.get<Params<{ code: string }>>('/c/:code', (request, reply) => {
    const code = normaliseShortCode(request.params.code);
    return drawCodePage(
      request,
      reply,
      async () => (code ? vehicles.byShortCode(code, request.ip) : null),
      (vehicle) => ({ vehicleByShortCode: { code: code ?? '', vehicle } }),
    );
  });

  /** Vehicle found by id: the vehicle as it is now; one gone is the app's to tell (with its kept copy). */
  app.get<{ Params: { id: string } }>('/vehicle-found/:id', async (request, reply) => {
    if (hasSession(request)) return appShell(reply);
    const { id } = request.params;
    const vehicle = await lookUp(request, vehicles.byId(id, request.ip));
    if (!vehicle) return appShell(reply, vehicle === null ? 404 : 200);
    return drawPage(request, reply, { vehicleById: { id, vehicle } });
  });

  /** Send Message: its form for the vehicle as it is now, or, for one gone, the page that says so (404). */
  app.get<{ Params: { id: string } }>('/message/:id', async (request, reply) => {
    if (hasSession(request)) return appShell(reply);
    const { id } = request.params;
    const vehicle = await lookUp(request, vehicles.byId(id, request.ip));
    if (vehicle === undefined) return appShell(reply);
    return drawPage(request, reply, { vehicleById: { id, vehicle } }, vehicle ? 200 : 404);
  });

  // The sender's own message (by their cookie or account): what became of it; another's is not shown (404).
  app.get<{ Params: { id: string } }>('/sent/:id', async (request, reply) => {
    if (hasSession(request)) return appShell(reply);
    const { id } = request.params;
    const status = await deps.messaging.statusOf(request, id).catch((error: unknown) => {
      request.log.info({ err: error }, 'page status refused; answered the app');
      return undefined;
    });
    if (status === undefined) return appShell(reply);
    return drawPage(request, reply, { messageStatus: { id, status } }, status ? 200 : 404);
  });

  // Send Message without JavaScript: the form's fields, sent as the API sends a message.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/x-www-form-urlencoded');
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        const form = new URLSearchParams(body as string);
        // As the JSON bodies are (plugins/input.ts): PostgreSQL refuses NUL in text (a 500), SQLite keeps it.
        if ([...form.values()].some((value) => value.includes('\u0000'))) done(nulInText());
        else done(null, form);
      },
    );
    scope.post<{ Params: { id: string } }>('/message/:id', async (request, reply) => {
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const { id } = request.params;
      // A quick message is a button of the form that sends its text; else the text box's.
      const content = form.get('quick') ?? form.get('content') ?? '';
      try {
        const sent = await deps.messaging.send(request, reply, {
          vehicleId: id,
          content,
          urgent: form.get('urgent') === 'on' ? true : undefined,
          idempotencyKey: form.get('idempotencyKey') ?? undefined,
        });
        if (sent.isDelivered) return reply.redirect(`/sent/${sent.id}`, 303);
        // The sample vehicle delivers to nobody: its confirmation, drawn here (it has no address of its own
        // to reopen: /message-success opened by its address leads home).
        return drawPage(request, reply, { sampleSent: true }, 200, '/message-success?sample=1');
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        // What the API's answer carries beside its words (a rate limit's Retry-After).
        reply.headers(refusal.headers);
        const vehicle = await lookUp(request, vehicles.byId(id, request.ip));
        if (vehicle === undefined) throw error;
        // Gone since the form was drawn: the page that says so.
        if (vehicle === null) return drawPage(request, reply, { vehicleById: { id, vehicle } }, 404);
        // The text kept as the text box holds it (at most the limit): the page shows the refusal beside the
        // text it was for only, so a longer one kept whole drew the clipped text without the words why.
        const kept = content.slice(0, MESSAGE_MAX_LENGTH);
        return drawPage(
          request,
          reply,
          {
            vehicleById: { id, vehicle },
            sendRefusal: { vehicleId: id, message: refusal.message, content: kept },
          },
          refusal.status,
        );
      }
    });
  });
}

interface Refusal {
  status: number;
  message: string;
  headers: Record<string, string>;
}

/** A refusal the finder should read on the form (a 4xx with its words), or undefined for anything else. */
function refusalOf(error: unknown): Refusal | undefined {
  if (error instanceof ContractError) return { status: 400, message: error.message, headers: {} };
  if (error instanceof HttpError && error.statusCode < 500)
    return { status: error.statusCode, message: error.message, headers: error.headers };
  return undefined;
}
