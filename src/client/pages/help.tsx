import { ChevronDown, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../components/page-title.js';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.js';
import { useSupportEmail } from '../features/help/queries.js';
import { helpTexts as texts } from '../features/help/texts.js';
import { ScreenHeader } from '../features/vehicles/screen-header.js';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm leading-relaxed">{children}</CardContent>
    </Card>
  );
}

function Steps({ title, steps }: { title: string; steps: readonly string[] }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{title}</h3>
      <ol className="flex list-decimal flex-col gap-1.5 pl-5 marker:text-muted-foreground">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}

function Topics({ topics }: { topics: readonly { title: string; text: string }[] }) {
  return (
    <dl className="flex flex-col gap-3">
      {topics.map((topic) => (
        <div key={topic.title}>
          <dt className="font-semibold">{topic.title}</dt>
          <dd className="text-muted-foreground">{topic.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Collapsible answers: native <details>, so keyboard and screen readers need nothing more. */
function CommonIssues() {
  return (
    <div className="flex flex-col divide-y divide-border rounded-xl border border-border">
      {Object.values(texts.commonIssues).map((issue) => (
        <details key={issue.title} className="group">
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            {issue.title}
            <ChevronDown
              aria-hidden
              className="h-4 w-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="px-4 pb-4 text-muted-foreground">{issue.text}</p>
        </details>
      ))}
    </div>
  );
}

function SupportContact() {
  const { data: email } = useSupportEmail();
  return (
    <>
      <p>
        {texts.supportIntro}{' '}
        {email ? (
          <a
            href={`mailto:${email}`}
            className="inline-flex min-h-11 items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Mail aria-hidden className="h-4 w-4" />
            {email}
          </a>
        ) : (
          '…'
        )}
      </p>
      <div className="flex flex-col gap-1.5">
        <p>{texts.supportInclude}</p>
        <ul className="flex list-disc flex-col gap-1 pl-5 marker:text-muted-foreground">
          {texts.supportList.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** Help (spec §2 Help): back to Profile, then the sections in the spec's order. */
export function HelpPage() {
  usePageTitle(texts.title);
  return (
    <div className="flex flex-col gap-5 px-5 pt-6 pb-8">
      <ScreenHeader title={texts.title} backHref="/profile" backLabel={texts.back} />
      <p className="text-sm text-muted-foreground">{texts.intro}</p>

      <Section title={texts.notificationsTitle}>
        <p>{texts.notificationsIntro}</p>
        <Steps title={texts.iphoneTitle} steps={texts.iphoneSteps} />
        <Steps title={texts.androidTitle} steps={texts.androidSteps} />
      </Section>

      <Section title={texts.troubleshootingTitle}>
        <ul className="flex list-disc flex-col gap-1.5 pl-5 marker:text-muted-foreground">
          {texts.troubleshooting.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>

      <Section title={texts.howToTitle}>
        <Topics topics={Object.values(texts.howTo)} />
      </Section>

      <Section title={texts.privacyTitle}>
        <Topics topics={Object.values(texts.privacy)} />
      </Section>

      <Section title={texts.commonIssuesTitle}>
        <CommonIssues />
      </Section>

      <Section title={texts.supportTitle}>
        <SupportContact />
      </Section>
    </div>
  );
}
