import { cloneElement, isValidElement, type ReactNode, type Ref } from 'react';
import { cn } from './cn.js';

type Props = Record<string, unknown>;

/** Both refs get the element (React 19 passes a ref as a prop). */
function composeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) (ref as { current: T | null }).current = node;
    }
  };
}

/**
 * Renders its only child with the slot's props merged in: what Button asChild needs (a link with a
 * button's look). The child's own props win, except that classes join, styles merge, event handlers both
 * run (the child's first) and both refs get the element. A few lines instead of @radix-ui/react-slot on
 * the first screen (docs/decisions/0095-first-load-budget.md).
 */
export function Slot({ children, ref, ...slotProps }: Props & { children?: ReactNode; ref?: Ref<unknown> }) {
  if (!isValidElement<Props>(children)) return null;
  const childProps = children.props;
  const merged: Props = { ...slotProps, ...childProps };
  for (const [key, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[key] = (...args: unknown[]) => {
        childValue(...args);
        slotValue(...args);
      };
    } else if (key === 'className') {
      merged.className = cn(slotValue as string, childValue as string | undefined);
    } else if (key === 'style') {
      merged.style = { ...(slotValue as object), ...(childValue as object | undefined) };
    }
  }
  if (ref) merged.ref = composeRefs(ref, childProps.ref as Ref<unknown> | undefined);
  return cloneElement(children, merged);
}
