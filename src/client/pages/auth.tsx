import { useSearchParams } from 'wouter';
import { BackToHomeLink } from '../components/back-to-home-link.js';
import { Brand } from '../components/brand.js';
import { usePageTitle } from '../components/page-title.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.js';
import { LoginForm } from '../features/auth/login-form.js';
import { ProviderAlternative } from '../features/auth/provider-button.js';
import { RegisterForm } from '../features/auth/register-form.js';
import { authScreenTexts } from '../features/auth/texts.js';

type AuthMode = 'register' | 'login';

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: AuthMode = searchParams.get('mode') === 'login' ? 'login' : 'register';
  const headingRef = usePageTitle(mode === 'login' ? authScreenTexts.signIn : authScreenTexts.signUp);

  const onModeChange = (next: string) =>
    setSearchParams(
      (current) => {
        current.set('mode', next);
        return current;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-6 px-5 pb-10 pt-4">
      <BackToHomeLink />

      <div className="flex flex-col items-center gap-2 text-center">
        <Brand />
        <h1 ref={headingRef} tabIndex={-1} className="mt-3 text-2xl font-bold tracking-tight">
          {mode === 'login' ? authScreenTexts.signInHeading : authScreenTexts.signUpHeading}
        </h1>
        <p className="text-sm text-muted-foreground">
          {mode === 'login' ? authScreenTexts.signInIntro : authScreenTexts.signUpIntro}
        </p>
      </div>

      <div className="rounded-3xl border border-border bg-card p-5 shadow-sm">
        <Tabs value={mode} onValueChange={onModeChange}>
          <TabsList>
            <TabsTrigger value="register">{authScreenTexts.signUp}</TabsTrigger>
            <TabsTrigger value="login">{authScreenTexts.signIn}</TabsTrigger>
          </TabsList>
          <TabsContent value="register">
            <RegisterForm />
          </TabsContent>
          <TabsContent value="login">
            <LoginForm />
          </TabsContent>
        </Tabs>
        <ProviderAlternative />
      </div>
    </div>
  );
}
