/** Field name → first message, as the forms show them under each field. */
export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field of a failed zod parse (the shared schemas name each field's path). */
export function fieldErrorsFromIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= issue.message;
  }
  return errors;
}
