import { type RefObject, useEffect } from 'react';

/** What stays usable beside a full-screen overlay: the toasts (their actions, e.g. Retry). */
const KEEP_SELECTOR = '[data-toast-viewport]';

/** The siblings of the element and of each of its ancestors up to <body>: everything else on the page. */
export function elementsOutside(element: Element): Element[] {
  const outside: Element[] = [];
  for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling !== node) outside.push(sibling);
    }
  }
  return outside;
}

/**
 * Makes everything outside the element inert while it is mounted (a full-screen overlay such as the QR
 * scanner): the content beneath can be neither focused nor read. Elements that appear later (the bottom
 * navigation once the session loads, the offline banner) are made inert too; all is restored on unmount.
 */
export function useInertOutside(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const madeInert = new Set<HTMLElement>();

    const apply = () => {
      for (const other of elementsOutside(element)) {
        if (!(other instanceof HTMLElement) || other.inert || madeInert.has(other)) continue;
        if (other.matches(KEEP_SELECTOR) || other.querySelector(KEEP_SELECTOR)) continue;
        if (other.tagName === 'SCRIPT' || other.tagName === 'STYLE') continue;
        other.inert = true;
        madeInert.add(other);
      }
    };

    apply();
    const observer = new MutationObserver(apply);
    for (let node = element.parentElement; node; node = node.parentElement) {
      observer.observe(node, { childList: true });
      if (node === document.body) break;
    }
    return () => {
      observer.disconnect();
      for (const other of madeInert) other.inert = false;
    };
  }, [ref]);
}
