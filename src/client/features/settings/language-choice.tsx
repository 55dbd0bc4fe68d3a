import { useMutation } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { useId, useSyncExternalStore } from 'react';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../../shared/i18n/locales.js';
import { readPreferences, subscribeToPreferences } from '../../lib/preferences.js';
import { queryClient } from '../../lib/query-client.js';
import { toast } from '../../lib/toast.js';
import { chooseLocale, saveAccountLocale } from './language.js';
import { settingsTexts as texts } from './texts.js';

const readChoice = () => readPreferences().locale;

/**
 * Settings' Language (issue 36, docs/decisions/0166-language-choice.md): the browser's languages, or one of
 * the app's, each named in its own words. The app turns to it at once; signed in, the account keeps it too,
 * for the mails and pushes sent to it and for the account's other browsers that have no choice of their own.
 */
export function LanguageChoice({ isSignedIn }: { isSignedIn: boolean }) {
  const id = useId();
  const choice = useSyncExternalStore(subscribeToPreferences, readChoice);
  const save = useMutation({
    mutationFn: (locale: Locale | null) => saveAccountLocale(queryClient, locale),
    onError: (error) => {
      console.warn('Saving the language to the account failed:', error);
      toast({ title: texts.languageSaveFailed, variant: 'destructive' });
    },
  });
  const onChange = (value: string) => {
    const locale = isLocale(value) ? value : null;
    if (isSignedIn) save.mutate(locale);
    void chooseLocale(locale);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="flex items-center gap-3 font-medium">
        <Languages aria-hidden className="h-5 w-5" />
        {texts.language}
      </label>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        value={choice ?? ''}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-full rounded-xl border border-input bg-card px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <option value="">{texts.languageSystem}</option>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {texts.languageHint}
      </p>
    </div>
  );
}
