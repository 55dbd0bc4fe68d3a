import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { PAGE_STATE_ELEMENT_ID } from '../../shared/server-render.js';

/**
 * The answers a page drawn by the server was drawn with (decision 0168), carried in the HTML as
 * `[address, [queryKey, data], ...]`: the browser's first render reads them from the query cache, so it draws
 * what the server drew (hydration matches) and asks for none of it again. The address is the one the page was
 * drawn for, which a form's answer drawn in place (the sample vehicle's confirmation) does not share with the
 * browser's: the browser then draws its own page instead of taking over another.
 */
type PageState = [string, ...[QueryKey, unknown][]];

/** The server's side: what the render's query cache holds, for the address drawn. */
export const pageStateOf = (address: string, client: QueryClient): PageState => [
  address,
  ...client
    .getQueryCache()
    .getAll()
    .map((query): [QueryKey, unknown] => [query.queryKey, query.state.data]),
];

/**
 * The browser's side: whether the page is one the server drew (its answers beside #root), its answers put
 * in the cache if so.
 */
export function takeServerPage(client: QueryClient): boolean {
  const state = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!state) return false;
  const [address, ...answers] = JSON.parse(state.textContent as string) as PageState;
  for (const [key, data] of answers) client.setQueryData(key, data);
  return address === location.pathname + location.search;
}
