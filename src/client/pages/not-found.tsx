import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { shellTexts } from '../app/texts.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';

export function NotFoundPage() {
  const headingRef = usePageTitle(shellTexts.notFoundTitle);
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <CircleAlert aria-hidden className="h-12 w-12 text-destructive" />
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight">
        {shellTexts.notFoundTitle}
      </h1>
      <p className="text-sm text-muted-foreground">{shellTexts.notFoundDescription}</p>
      <Button asChild variant="outline">
        <Link href="/">{shellTexts.goToHome}</Link>
      </Button>
    </div>
  );
}
