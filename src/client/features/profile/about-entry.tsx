import { ChevronRight, Info } from 'lucide-react';
import packageJson from '../../../../package.json' with { type: 'json' };
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog.js';
import { profileTexts as texts } from './texts.js';

/** Profile's About entry (spec §2 Profile): what the product is, its version, and its promises. */
export function AboutEntry() {
  return (
    <li>
      <Dialog>
        <DialogTrigger className="flex min-h-14 w-full items-center gap-3 px-5 py-4 text-left font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring">
          <Info aria-hidden className="h-5 w-5 text-primary" />
          <span className="flex-1">{texts.about}</span>
          <ChevronRight aria-hidden className="h-4 w-4 text-muted-foreground" />
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>{texts.aboutTitle}</DialogTitle>
          <DialogDescription>{texts.aboutVersion({ version: packageJson.version })}</DialogDescription>
          <div className="mt-4 flex flex-col gap-3 text-sm leading-relaxed">
            <p>{texts.aboutWhat}</p>
            <p>{texts.aboutDeletion}</p>
            <p>{texts.aboutPrivacy}</p>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}
