/**
 * Response contracts: what the server answers and the client reads, defined once. Deliberately tiny: the
 * client checks every answer's shape with these on the first screen, and zod (which the server's request
 * validation keeps) would cost the first load ~10 KB gzip (docs/decisions/0095-first-load-budget.md).
 * Objects drop unknown keys, like zod's; a value of the wrong shape fails with the path of the first problem.
 */

/** Where and why a value did not match its contract. */
export class ContractError extends Error {
  override readonly name = 'ContractError';

  constructor(
    readonly path: readonly (string | number)[],
    readonly expected: string,
  ) {
    super(`${path.length > 0 ? path.join('.') : 'value'}: expected ${expected}`);
  }
}

export type ParseResult<T> = { success: true; data: T } | { success: false; error: ContractError };

export interface Contract<T> {
  /** The value, rebuilt (objects without unknown keys); throws ContractError when it does not match. */
  parse(value: unknown): T;
  safeParse(value: unknown): ParseResult<T>;
  /** Reads the value at `path`; the building block of the other contracts. */
  read(value: unknown, path: (string | number)[]): T;
}

/** The type a contract reads. */
export type Infer<C extends Contract<unknown>> = C extends Contract<infer T> ? T : never;

/* @__NO_SIDE_EFFECTS__ */
function contract<T>(read: (value: unknown, path: (string | number)[]) => T): Contract<T> {
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
function primitive<T>(expected: string, is: (value: unknown) => value is T): Contract<T> {
  return contract((value, path) => {
    if (!is(value)) throw new ContractError(path, expected);
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
/** A whole number, at least `min` when given. */
/* @__NO_SIDE_EFFECTS__ */
export function int(min = Number.MIN_SAFE_INTEGER): Contract<number> {
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
export function literal<const T extends string>(expected: T): Contract<T> {
  return primitive(JSON.stringify(expected), (value): value is T => value === expected);
}

/** One of `values`. */
/* @__NO_SIDE_EFFECTS__ */
export function oneOf<const T extends string>(values: readonly T[]): Contract<T> {
  return primitive(values.join(' | '), (value): value is T => (values as readonly unknown[]).includes(value));
}

/* @__NO_SIDE_EFFECTS__ */
export function nullable<T>(inner: Contract<T>): Contract<T | null> {
  return contract((value, path) => (value === null ? null : inner.read(value, path)));
}

/* @__NO_SIDE_EFFECTS__ */
export function array<T>(item: Contract<T>): Contract<T[]> {
  return contract((value, path) => {
    if (!Array.isArray(value)) throw new ContractError(path, 'a list');
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
    throw new ContractError(path, 'one of its shapes');
  });
}

type Shape = Record<string, Contract<unknown>>;
export type ObjectOf<S extends Shape> = { [Key in keyof S]: Infer<S[Key]> };

export interface ObjectContract<S extends Shape> extends Contract<ObjectOf<S>> {
  readonly shape: S;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object with these keys (absent reads as undefined); other keys are dropped. */
/* @__NO_SIDE_EFFECTS__ */
export function object<S extends Shape>(shape: S): ObjectContract<S> {
  return {
    ...contract((value, path) => {
      if (!isRecord(value)) throw new ContractError(path, 'an object');
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
