import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { componentTexts } from '../texts.js';
import { cn } from './cn.js';
import { Input, type InputProps } from './input.js';
import { Tooltip } from './tooltip.js';

/** A password input with a visibility toggle (a pressed "Show password" button). */
export function PasswordInput({ className, ...props }: Omit<InputProps, 'type'>) {
  const [isVisible, setIsVisible] = useState(false);
  const Icon = isVisible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input type={isVisible ? 'text' : 'password'} className={cn('pr-12', className)} {...props} />
      {/* The button keeps one name and says its state by being pressed; the tooltip says what a press does. */}
      <Tooltip
        label={isVisible ? componentTexts.hidePassword : componentTexts.showPassword}
        className="absolute inset-y-0 right-0"
      >
        <button
          type="button"
          aria-pressed={isVisible}
          aria-controls={props.id}
          onClick={() => setIsVisible((visible) => !visible)}
          className="flex w-12 items-center justify-center rounded-r-xl text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Icon aria-hidden className="h-5 w-5" />
          <span className="sr-only">{componentTexts.showPassword}</span>
        </button>
      </Tooltip>
    </div>
  );
}
