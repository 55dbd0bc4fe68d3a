import type { ReactNode } from 'react';
import { Label } from './label.js';

interface FormFieldProps {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}

/** A label, its control and an optional hint tied to the control by aria-describedby. */
export function FormField({ id, label, hint, children }: FormFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
