import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { PAGE_STATE_ELEMENT_ID } from '../../shared/server-render.js';

/**
 * The answers a page drawn by the server was drawn with (decision 0168), carried in the HTML as
 * `[[queryKey, data], ...]`: the browser's first render reads them from the query cache, so it draws what the
 * server drew (hydration matches) and asks for none of it again.
 */
type PageAnswers = [QueryKey, unknown][];

/** The server's side: what the render's query cache holds. */
export const pageAnswersOf = (client: QueryClient): PageAnswers =>
  client
    .getQueryCache()
    .getAll()
    .map((query) => [query.queryKey, query.state.data]);

/**
 * The browser's side: whether the page is one the server drew (its answers beside #root), its answers put
 * in the cache if so.
 */
export function takeServerPage(client: QueryClient): boolean {
  const state = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!state) return false;
  for (const [key, data] of JSON.parse(state.textContent as string) as PageAnswers)
    client.setQueryData(key, data);
  return true;
}
