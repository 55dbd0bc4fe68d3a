import { icu, texts, textsLanguage } from './i18n/texts.js';

/**
 * Contracts: what a request may carry and what the server answers, each defined once in src/shared and
 * read by both sides (docs/decisions/0132-one-contract-dialect.md). Deliberately tiny and tree-shakable:
 * the client checks every answer's shape with these on the first screen, and its forms check a request
 * with the route's own contract before sending it; a library such as zod would cost the first load ~10 KB
 * gzip (docs/decisions/0095-first-load-budget.md).
 *
 * Answers (object, array, nullable, union, literal, oneOf, int, ...): objects drop unknown keys, like zod's;
 * a value of the wrong shape fails with the path of the first problem. Requests (lazy, requestBody, text,
 * check, maxLength, map, optional, withMessage): the first problem, in the order the rules are written, fails the request
 * with the spec's words, which the server answers as a 400 and a form shows as it is.
 */

type Path = (string | number)[];

/** Where and why a value did not match its contract; `message` is a request's text for people. */
export class ContractError extends Error {
  override readonly name = 'ContractError';

  constructor(
    readonly path: readonly (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

const mismatch = (path: Path, expected: string) =>
  new ContractError(path, `${path.length > 0 ? path.join('.') : 'value'}: expected ${expected}`);

export type ParseResult<T> = { success: true; data: T } | { success: false; error: ContractError };

/** `T` is what the contract reads; `In`, for types only, what a caller may send (a request's fields). */
export interface Contract<T, In = unknown> {
  /** The value, rebuilt (objects without unknown keys); throws ContractError when it does not match. */
  parse(value: unknown): T;
  safeParse(value: unknown): ParseResult<T>;
  /** Reads the value at `path`; the building block of the other contracts. */
  read(value: unknown, path: Path): T;
  /** Never set: carries `In` for `Input`. */
  readonly input?: In;
}

/** The type a contract reads. */
export type Infer<C extends Contract<unknown>> = C extends Contract<infer T> ? T : never;
/** What a caller may send to a request contract (a screen's request type). */
export type Input<C extends Contract<unknown>> = C extends Contract<unknown, infer In> ? In : never;

/* @__NO_SIDE_EFFECTS__ */
function contract<T, In = unknown>(read: (value: unknown, path: Path) => T): Contract<T, In> {
  return {
    read,
    parse: (value) => read(value, []),
    safeParse(value) {
      try {
        return { success: true, data: read(value, []) };
      } catch (error) {
        if (error instanceof ContractError) return { success: false, error };
        throw error;
      }
    },
  };
}

/* @__NO_SIDE_EFFECTS__ */
function primitive<T>(expected: string, is: (value: unknown) => value is T): Contract<T, T> {
  return contract((value, path) => {
    if (!is(value)) throw mismatch(path, expected);
    return value;
  });
}

export const string = /* @__PURE__ */ primitive(
  'text',
  (value): value is string => typeof value === 'string',
);
export const boolean = /* @__PURE__ */ primitive(
  'true or false',
  (value): value is boolean => typeof value === 'boolean',
);
/** Anything: a request whose rules read the whole body (`check`). */
export const unknown = /* @__PURE__ */ contract((value) => value);
/** A whole number, at least `min` when given. */
/* @__NO_SIDE_EFFECTS__ */
export function int(min = Number.MIN_SAFE_INTEGER): Contract<number, number> {
  return primitive(
    `a whole number of at least ${min}`,
    (value): value is number => Number.isSafeInteger(value) && (value as number) >= min,
  );
}
/** Text of at least one character. */
export const nonEmptyString = /* @__PURE__ */ primitive(
  'text',
  (value): value is string => typeof value === 'string' && value.length > 0,
);

/* @__NO_SIDE_EFFECTS__ */
export function literal<const T extends string>(expected: T): Contract<T, T> {
  return primitive(JSON.stringify(expected), (value): value is T => value === expected);
}

/** One of `values`. */
/* @__NO_SIDE_EFFECTS__ */
export function oneOf<const T extends string>(values: readonly T[]): Contract<T, T> {
  return primitive(values.join(' | '), (value): value is T => (values as readonly unknown[]).includes(value));
}

/* @__NO_SIDE_EFFECTS__ */
export function nullable<T, In>(inner: Contract<T, In>): Contract<T | null, In | null> {
  return contract((value, path) => (value === null ? null : inner.read(value, path)));
}

/* @__NO_SIDE_EFFECTS__ */
export function array<T>(item: Contract<T>): Contract<T[]> {
  return contract((value, path) => {
    if (!Array.isArray(value)) throw mismatch(path, 'a list');
    return value.map((entry, index) => item.read(entry, [...path, index]));
  });
}

/** The first of `options` that matches. */
/* @__NO_SIDE_EFFECTS__ */
export function union<const Options extends readonly Contract<unknown>[]>(
  options: Options,
): Contract<Infer<Options[number]>> {
  return contract((value, path) => {
    for (const option of options) {
      const result = option.safeParse(value);
      if (result.success) return result.data as Infer<Options[number]>;
    }
    throw mismatch(path, 'one of its shapes');
  });
}

type Shape = Record<string, Contract<unknown>>;
export type ObjectOf<S extends Shape> = { [Key in keyof S]: Infer<S[Key]> };
/** A request's fields as a caller sends them: a field whose contract takes undefined may be left out. */
export type InputOf<S extends Shape> = {
  [Key in keyof S as undefined extends Input<S[Key]> ? Key : never]?: Input<S[Key]>;
} & { [Key in keyof S as undefined extends Input<S[Key]> ? never : Key]: Input<S[Key]> };

export interface ObjectContract<S extends Shape> extends Contract<ObjectOf<S>, InputOf<S>> {
  readonly shape: S;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An object with these keys (absent reads as undefined), read in their order: a request's first problem is
 * its first field's. Other keys are dropped, and so are fields that read as undefined.
 */
/* @__NO_SIDE_EFFECTS__ */
export function object<S extends Shape>(shape: S): ObjectContract<S> {
  return {
    ...contract<ObjectOf<S>, InputOf<S>>((value, path) => {
      if (!isRecord(value)) throw mismatch(path, 'an object');
      const result: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const read = field.read(Object.hasOwn(value, key) ? value[key] : undefined, [...path, key]);
        if (read !== undefined) result[key] = read;
      }
      return result as ObjectOf<S>;
    }),
    shape,
  };
}

/** The fields of `base` and `more`. */
/* @__NO_SIDE_EFFECTS__ */
export function extend<S extends Shape, More extends Shape>(
  base: ObjectContract<S>,
  more: More,
): ObjectContract<Omit<S, keyof More> & More> {
  return object({ ...base.shape, ...more } as Omit<S, keyof More> & More);
}

/** The value when it matches, else undefined (a field we keep only when it is of our kind). */
/* @__NO_SIDE_EFFECTS__ */
export function optionalOrDropped<T>(inner: Contract<T>): Contract<T | undefined> {
  return contract((value) => {
    const result = inner.safeParse(value);
    return result.success ? result.data : undefined;
  });
}

// Requests. The spec words each problem (§5); these say in which order they are found.

/**
 * A contract built on its first use. Request contracts are made this way: their texts are property reads,
 * which the bundler keeps even when nothing uses the contract, so the client would carry every route's
 * rules; built lazily, it carries only those its forms check (docs/decisions/0095-first-load-budget.md).
 * Its texts are read as it is built, so it is built once per language it is used in (shared/i18n/texts.ts).
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazy<T, In>(build: () => Contract<T, In>): Contract<T, In> {
  const built = new Map<string, Contract<T, In>>();
  return contract((value, path) => {
    const language = textsLanguage();
    let inLanguage = built.get(language);
    if (!inLanguage) {
      inLanguage = build();
      built.set(language, inLanguage);
    }
    return inLanguage.read(value, path);
  });
}

/** A rule on a value: its problem's text, or undefined when the value passes. */
export type Rule<T> = (value: T) => string | undefined;

/** `inner`, then `rules` in their order: the first problem fails the value with its text. */
/* @__NO_SIDE_EFFECTS__ */
export function check<T, In>(inner: Contract<T, In>, ...rules: Rule<T>[]): Contract<T, In> {
  return contract((value, path) => {
    const read = inner.read(value, path);
    for (const rule of rules) {
      const problem = rule(read);
      if (problem !== undefined) throw new ContractError(path, problem);
    }
    return read;
  });
}

/** `inner`'s value made into another (lowercased, a default for none, ...). */
/* @__NO_SIDE_EFFECTS__ */
export function map<T, U, In>(inner: Contract<T, In>, to: (value: T) => U): Contract<U, In> {
  return contract((value, path) => to(inner.read(value, path)));
}

/** Absent or null is no value (undefined); anything else is read by `inner`. */
/* @__NO_SIDE_EFFECTS__ */
export function optional<T, In>(inner: Contract<T, In>): Contract<T | undefined, In | null | undefined> {
  return contract((value, path) =>
    value === undefined || value === null ? undefined : inner.read(value, path),
  );
}

/** `inner`, whose failure reads `message` (a primitive's words for people). */
/* @__NO_SIDE_EFFECTS__ */
export function withMessage<T, In>(inner: Contract<T, In>, message: string): Contract<T, In> {
  return contract((value, path) => {
    const result = inner.safeParse(value);
    if (!result.success) throw new ContractError(path, message);
    return result.data;
  });
}

export interface TextRules {
  /** Absent, null, not text, or empty (after trimming): this problem. Without it, empty text passes. */
  required?: string;
  /** Spaces around the text are removed before any rule, and from the value read. */
  trim?: boolean;
}

/** Text a person typed; `check` adds the rules that follow `required`. */
/* @__NO_SIDE_EFFECTS__ */
export function text({ required, trim }: TextRules = {}): Contract<string, string> {
  return contract((value, path) => {
    if (typeof value !== 'string')
      throw required ? new ContractError(path, required) : mismatch(path, 'text');
    const read = trim ? value.trim() : value;
    if (required && read === '') throw new ContractError(path, required);
    return read;
  });
}

/** At most `max` characters (UTF-16 units, as `length` counts), else `problem`. */
/* @__NO_SIDE_EFFECTS__ */
export function maxLength(max: number, problem: string): Rule<string> {
  return (value) => (value.length > max ? problem : undefined);
}

/**
 * Texts for a request of the wrong shape. The spec names no types, so these are ours
 * (docs/decisions/0055-request-field-types.md); the screens never send such a request.
 */
export const requestTexts = texts('request', {
  notObject: 'Request body must be a JSON object',
  notText: icu<{ field: string }>('{field} must be text'),
  notBoolean: icu<{ field: string }>('{field} must be true or false'),
});

/** What a field of a request body holds when it is present: text or true/false. */
export type FieldKind = 'text' | 'boolean';

/**
 * The first problem with the shape of a request body, or undefined: not a JSON object, or a named field
 * of another type than its kind. Absent and null mean "no value" and pass; what no value means (missing
 * or left out) is for the form's rules to say. Other keys are ignored.
 */
export function fieldTypeProblem(
  body: unknown,
  fields: Readonly<Record<string, FieldKind>>,
): string | undefined {
  if (!isRecord(body)) return requestTexts.notObject;
  for (const [field, kind] of Object.entries(fields)) {
    const value = Object.hasOwn(body, field) ? body[field] : undefined;
    if (value === undefined || value === null) continue;
    if (kind === 'text' && typeof value !== 'string') return requestTexts.notText({ field });
    if (kind === 'boolean' && typeof value !== 'boolean') return requestTexts.notBoolean({ field });
  }
  return undefined;
}

/**
 * A request body: its shape first (fieldTypeProblem), so `rules` and the order of their texts only ever
 * see text, booleans and "no value".
 */
/* @__NO_SIDE_EFFECTS__ */
export function requestBody<T, In>(
  fields: Readonly<Record<string, FieldKind>>,
  rules: Contract<T, In>,
): Contract<T, In> {
  return contract((value, path) => {
    const problem = fieldTypeProblem(value, fields);
    if (problem) throw new ContractError(path, problem);
    return rules.read(value, path);
  });
}
