import { LogIn, UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import { componentTexts } from '../../components/texts.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { authPathReturningTo } from '../../lib/relogin.js';
import { finderTexts } from './texts.js';

/**
 * Signed-out visitors can write, and read the owner's answer on their message's status page in this browser
 * for a day (issue 32); an account receives replies anywhere (spec §1, §6). Signing in or up from here
 * returns to this vehicle (`returnTo`).
 */
export function ReplyPrompt({ returnTo = '/' }: { returnTo?: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{finderTexts.replyTitle}</CardTitle>
        <CardDescription>{finderTexts.replyIntro}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Button asChild variant="secondary">
          <Link href={authPathReturningTo('register', returnTo)}>
            <UserPlus aria-hidden className="h-4 w-4" />
            {finderTexts.createAccount}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={authPathReturningTo('login', returnTo)}>
            <LogIn aria-hidden className="h-4 w-4" />
            {componentTexts.signIn}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
