import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Router } from 'wouter';
import { readTextsFrom } from '../../shared/i18n/texts.js';
import type { PageRenderRequest, RenderedPage } from '../../shared/server-render.js';
import { App } from '../app/app.js';
import { lookupKeys } from '../features/finder/vehicle-reads.js';
import { messageStatusKey } from '../features/messaging/message-status.js';
import { sendRefusalKey } from '../features/messaging/send-form.js';
import { readRequestCookiesFrom } from '../lib/cookies.js';
import { pageStateOf } from '../lib/page-state.js';
import { createQueryClient } from '../lib/query-client.js';
import { queryKeys } from '../lib/query-keys.js';
import { sampleSentKey } from '../pages/message-success.js';

/**
 * The finder's pages drawn on the server (issue 37, docs/decisions/0168): the client's own App, router and
 * pages, built by Vite for Node (`vite build --ssr`, dist/ssr/render.js) and loaded by the server's page
 * routes (src/server/finder-pages/). What a render reads of its request (its cookies, its language) it reads
 * through the request's async context, so renders running side by side never see each other's.
 */
interface RenderContext {
  cookies: string;
}

const context = new AsyncLocalStorage<RenderContext>();
readRequestCookiesFrom(() => context.getStore()?.cookies ?? '');

/** The server points the texts at its Lingui instance of the work at hand (the request's language). */
export { readTextsFrom as readTextsFromServer };

/**
 * Draws one page to its markup once everything in it is ready (the page's chunk, its texts): a finder without
 * JavaScript and a crawler get the whole page, never a spinner waiting for a script to swap it.
 */
export function render(input: PageRenderRequest): Promise<RenderedPage> {
  const client = createQueryClient();
  // Drawn for a browser without a session (the page routes serve the app to one with a session hint).
  client.setQueryData(queryKeys.user, null);
  const { vehicleByQrCode, vehicleByShortCode, vehicleById, sendRefusal, messageStatus, sampleSent } =
    input.answers;
  if (vehicleByQrCode)
    client.setQueryData(lookupKeys.byQrCode(vehicleByQrCode.code), vehicleByQrCode.vehicle);
  if (vehicleByShortCode)
    client.setQueryData(lookupKeys.byShortCode(vehicleByShortCode.code), vehicleByShortCode.vehicle);
  if (vehicleById) client.setQueryData(lookupKeys.byId(vehicleById.id), vehicleById.vehicle);
  if (sampleSent) client.setQueryData(sampleSentKey, true);
  if (messageStatus) client.setQueryData(messageStatusKey(messageStatus.id), messageStatus.status);
  if (sendRefusal) client.setQueryData(sendRefusalKey(sendRefusal.vehicleId), sendRefusal);
  return context.run({ cookies: input.cookies }, () => renderToString(client, input));
}

function renderToString(client: QueryClient, input: PageRenderRequest): Promise<RenderedPage> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve({
          html: Buffer.concat(chunks).toString('utf8'),
          state: JSON.stringify(pageStateOf(input.path + input.search, client)),
        });
        done();
      },
    });
    let failure: unknown;
    const stream = renderToPipeableStream(
      <StrictMode>
        <Router ssrPath={input.path + input.search}>
          <App client={client} />
        </Router>
      </StrictMode>,
      {
        // Never a boundary completed later by an inline script (React outlines one larger than this; the
        // page's CSP runs no inline script, and a finder without JavaScript runs none at all).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady: () => (failure ? reject(failure) : stream.pipe(sink)),
        onShellError: reject,
        onError(error) {
          failure ??= error;
        },
      },
    );
  });
}
