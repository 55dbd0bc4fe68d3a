import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { BlockedUser } from '../../shared/messaging/blocks.contract.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { useUnblock } from '../features/blocks/mutations.js';
import { useBlockedUsers } from '../features/blocks/queries.js';
import { blockedUsersTexts as texts } from '../features/blocks/texts.js';
import { ScreenHeader } from '../features/vehicles/screen-header.js';
import { currentLocale } from '../lib/i18n.js';

const EMPTY_TITLE_ID = 'blocked-users-empty-title';
const unblockButtonId = (block: BlockedUser) => `unblock-${block.id}`;

/**
 * Unblocking takes the row, and the pressed button, off the page: focus would fall to <body>. It goes to the
 * next row's Unblock (else the previous, else the empty state), or back to the pressed one when the call failed.
 * The request waits until its target is on the page and enabled (the list is read again after the change).
 */
function usePendingFocus(...deps: unknown[]) {
  const [targetId, setTargetId] = useState<string | null>(null);
  useEffect(() => {
    const target = targetId ? document.getElementById(targetId) : null;
    if (!target || target.hasAttribute('disabled')) return;
    target.focus();
    if (document.activeElement === target) setTargetId(null);
  }, [targetId, ...deps]);
  return setTargetId;
}

function NoBlockedUsers() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-muted">
        <ShieldCheck aria-hidden className="h-7 w-7 text-muted-foreground" />
      </span>
      <h2 id={EMPTY_TITLE_ID} tabIndex={-1} className="font-semibold focus:outline-none">
        {texts.empty}
      </h2>
      <p className="text-sm text-muted-foreground">{texts.emptyHint}</p>
    </Card>
  );
}

interface BlockedUserRowProps {
  block: BlockedUser;
  isUnblocking: boolean;
  onUnblock: (block: BlockedUser) => void;
}

function BlockedUserRow({ block, isUnblocking, onUnblock }: BlockedUserRowProps) {
  const labelId = `blocked-${block.id}-label`;
  return (
    <li aria-labelledby={labelId}>
      <Card className="flex items-center gap-3 p-4">
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <p id={labelId} className="font-semibold [overflow-wrap:anywhere]">
            {block.label}
          </p>
          {block.blockedEmail ? (
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{block.blockedEmail}</p>
          ) : null}
          <p className="text-xs text-muted-foreground">
            {texts.blockedOn({ date: new Date(block.createdAt).toLocaleDateString(currentLocale()) })}
          </p>
          {block.reason ? (
            <p className="text-sm [overflow-wrap:anywhere]">{texts.reason({ reason: block.reason })}</p>
          ) : null}
        </div>
        <Button
          id={unblockButtonId(block)}
          variant="outline"
          className="shrink-0"
          disabled={isUnblocking}
          onClick={() => onUnblock(block)}
        >
          {isUnblocking ? texts.unblocking : texts.unblock}
        </Button>
      </Card>
    </li>
  );
}

/** Blocked Users (spec §2): who the user blocked, as the server describes them, each with Unblock. */
export function BlockedUsersPage() {
  const blockedUsers = useBlockedUsers();
  const unblock = useUnblock();
  usePageTitle(texts.title);
  const list = blockedUsers.data ?? [];
  const requestFocus = usePendingFocus(list);
  const unblockingId = unblock.isPending ? unblock.variables?.id : undefined;

  const onUnblock = (block: BlockedUser) => {
    const index = list.indexOf(block);
    const neighbour = list[index + 1] ?? list[index - 1];
    unblock.mutate(block, {
      onSuccess: () => requestFocus(neighbour ? unblockButtonId(neighbour) : EMPTY_TITLE_ID),
      onError: () => requestFocus(unblockButtonId(block)),
    });
  };

  return (
    <div className="flex flex-col gap-5 px-5 pb-8 pt-4">
      <ScreenHeader title={texts.title} backHref="/profile" backLabel={texts.back} />
      <p className="-mt-2 text-sm text-muted-foreground">{texts.intro}</p>
      {blockedUsers.isPending ? (
        <PageSpinner />
      ) : blockedUsers.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {texts.loadFailed}
        </p>
      ) : list.length === 0 ? (
        <NoBlockedUsers />
      ) : (
        <ul aria-label={texts.listLabel} className="flex flex-col gap-3">
          {list.map((block) => (
            <BlockedUserRow
              key={block.id}
              block={block}
              isUnblocking={unblockingId === block.id}
              onUnblock={onUnblock}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
