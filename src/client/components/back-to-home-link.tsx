import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { componentTexts } from './texts.js';

/** The "Back to home" link above a standalone form (auth, plate lookup). */
export function BackToHomeLink() {
  return (
    <Link
      href="/"
      className="-my-2 inline-flex min-h-11 w-fit items-center gap-1.5 rounded-lg text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden className="h-4 w-4" />
      {componentTexts.backToHome}
    </Link>
  );
}
