/**
 * Where signing in returns to (`/auth?mode=login&next=/vehicle-found/…`, or the provider's sign-in:
 * `/api/login?returnTo=/profile`, decision 0152): only a path of this app, never
 * another origin ("//evil.example", "/\\evil.example", "https://…"), so the parameter cannot send a user
 * elsewhere after they typed their password.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f))
    return null;
  try {
    const url = new URL(value, 'https://app.invalid');
    if (url.origin !== 'https://app.invalid') return null;
    if (url.pathname.startsWith('/auth') || url.pathname.startsWith('/api/')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
