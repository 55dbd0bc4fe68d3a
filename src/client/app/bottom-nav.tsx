import { House, type LucideIcon, MessageCircle, UserRound } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { cn } from '../components/ui/cn.js';
import { unreadBadgeText, useUnreadCount } from '../features/messaging/queries.js';
import { shellTexts } from './texts.js';

const items = (): { href: string; label: string; icon: LucideIcon }[] => [
  { href: '/', label: shellTexts.home, icon: House },
  { href: '/conversations', label: shellTexts.messages, icon: MessageCircle },
  { href: '/profile', label: shellTexts.profile, icon: UserRound },
];

/** The signed-in bottom navigation (spec §2), Messages carrying the unread badge ("9+" above 9). */
export function BottomNav() {
  const [path] = useLocation();
  const badge = unreadBadgeText(useUnreadCount(true).data?.count ?? 0);
  return (
    <nav
      aria-label={shellTexts.mainNavigation}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-border bg-card pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto grid max-w-md grid-cols-3">
        {items().map(({ href, label, icon: Icon }) => {
          const isCurrent = href === '/' ? path === '/' : path.startsWith(href);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={isCurrent ? 'page' : undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium transition',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                  isCurrent ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <span className="relative">
                  <Icon aria-hidden className="h-6 w-6" strokeWidth={isCurrent ? 2.4 : 2} />
                  {href === '/conversations' && badge ? (
                    <span
                      data-testid="unread-badge"
                      className="absolute -right-3 -top-2 min-w-5 rounded-full bg-destructive-solid px-1 text-center text-[11px] font-bold leading-5 text-destructive-foreground"
                    >
                      {badge}
                      <span className="sr-only"> {shellTexts.unread}</span>
                    </span>
                  ) : null}
                </span>
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
