/** Every text of a locale tree as `[key path, text]` (`{ a: { b: 'x' } }` → `[['a.b', 'x']]`): what the locale tests walk. */
export function textLeaves(tree: unknown, prefix = ''): [string, string][] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? textLeaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, String(value)] as [string, string]],
  );
}
