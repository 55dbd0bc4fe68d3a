import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; of two Tailwind classes for one property, the later wins (`text-base` + `text-2xl`). */
export const cn = (...classes: ClassValue[]) => twMerge(clsx(classes));
