/**
 * Text for a LIKE pattern taken literally: `\`, `%` and `_` escaped (PostgreSQL's default escape
 * character), so a filter's `%` is a percent sign, never "anything". Add the wildcards around it.
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
