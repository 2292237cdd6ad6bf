/** The first message for each field of a failed zod parse, keyed by the top-level field name. */
export const fieldErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
};
