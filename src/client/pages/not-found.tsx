import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';

export function NotFoundPage() {
  const headingRef = usePageTitle('Page Not Found');
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <CircleAlert aria-hidden className="h-12 w-12 text-destructive" />
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight">
        Page Not Found
      </h1>
      <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
      <Button asChild variant="outline">
        <Link href="/">Go to Home</Link>
      </Button>
    </div>
  );
}
