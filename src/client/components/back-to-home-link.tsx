import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';

/** The "Back to home" link above a standalone form (auth, plate lookup). */
export function BackToHomeLink() {
  return (
    <Link
      href="/"
      className="inline-flex w-fit items-center gap-1.5 rounded-lg py-1 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden className="h-4 w-4" />
      Back to home
    </Link>
  );
}
