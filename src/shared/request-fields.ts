import * as z from 'zod/mini';

/**
 * Texts for a request of the wrong shape. The spec names no types, so these are ours
 * (docs/decisions/0055-request-field-types.md); the screens never send such a request.
 */
export const requestTexts = {
  notObject: 'Request body must be a JSON object',
  notText: (field: string) => `${field} must be text`,
  notBoolean: (field: string) => `${field} must be true or false`,
} as const;

/** What a field of a request body holds when it is present: text or true/false. */
export type FieldKind = 'text' | 'boolean';

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The first problem with the shape of a request body, or undefined: not a JSON object, or a named field
 * of another type than its kind. Absent and null mean "no value" and pass; what no value means (missing
 * or left out) is for the form's rules to say. Other keys are ignored.
 */
export function fieldTypeProblem(
  body: unknown,
  fields: Readonly<Record<string, FieldKind>>,
): string | undefined {
  if (!isJsonObject(body)) return requestTexts.notObject;
  for (const [field, kind] of Object.entries(fields)) {
    const value = Object.hasOwn(body, field) ? body[field] : undefined;
    if (value === undefined || value === null) continue;
    if (kind === 'text' && typeof value !== 'string') return requestTexts.notText(field);
    if (kind === 'boolean' && typeof value !== 'boolean') return requestTexts.notBoolean(field);
  }
  return undefined;
}

/**
 * `schema.check(...checks)` as a plain call. The request schemas are built on first use (`z.lazy`), so the
 * client, which imports these modules for their texts and response contracts, carries neither them nor zod
 * (docs/decisions/0095-first-load-budget.md).
 */
/* @__NO_SIDE_EFFECTS__ */
export function checked<Schema extends z.ZodMiniType>(
  schema: Schema,
  ...checks: z.core.$ZodCheck<z.output<Schema>>[]
): Schema {
  return schema.check(...checks);
}

/**
 * A request body schema: the shape is checked first (fieldTypeProblem), so `rules` and the order of
 * their texts only ever see text, booleans and "no value". Its input is whatever arrived; the typed
 * request of a screen is `z.input` of `rules`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function requestBody<Rules extends z.ZodMiniType>(
  fields: Readonly<Record<string, FieldKind>>,
  rules: Rules,
) {
  return z.pipe(
    checked(
      z.unknown(),
      z.superRefine((body, ctx) => {
        const problem = fieldTypeProblem(body, fields);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, abort: true });
      }),
    ),
    rules,
  );
}
