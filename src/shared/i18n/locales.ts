/**
 * The languages the app speaks (issue 36, docs/decisions/0162-languages-plan.md): en-US, the spec's texts;
 * de-DE; zh-CN, Simplified Chinese. How one is picked from what a browser or a person asks for.
 */
export const LOCALES = ['en-US', 'de-DE', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** Each language by its own name, as a language menu shows it (never translated). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  'en-US': 'English',
  'de-DE': 'Deutsch',
  'zh-CN': '中文',
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The app's language for one that was asked for, or undefined: the same tag in any case, else the same
 * language (its first subtag: de-AT and de-CH read German, en-GB English). Every Chinese tag reads zh-CN
 * (Simplified is the only Chinese here; one who asks for zh-TW reads it rather than English).
 */
export function matchLocale(tag: string): Locale | undefined {
  const wanted = tag.trim().toLowerCase();
  if (!wanted || wanted === '*') return undefined;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split(/[-_]/)[0];
  return LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language);
}

/** The first of the asked-for languages the app speaks, in their order, else en-US. */
export function negotiateLocale(wanted: readonly string[]): Locale {
  for (const tag of wanted) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/**
 * The languages of an `Accept-Language` header, best first (by q, then by their order); q=0 means "not this
 * one" and is left out. A malformed part is skipped.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const parts: { tag: string; q: number; index: number }[] = [];
  header.split(',').forEach((part, index) => {
    const [tag = '', ...parameters] = part.trim().split(';');
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$|^\*$/.test(tag.trim())) return;
    let q = 1;
    for (const parameter of parameters) {
      const [name, value] = parameter.trim().split('=');
      if (name?.trim() === 'q') q = Number(value);
    }
    if (Number.isFinite(q) && q > 0 && q <= 1) parts.push({ tag: tag.trim(), q, index });
  });
  return parts.sort((a, b) => b.q - a.q || a.index - b.index).map((part) => part.tag);
}
