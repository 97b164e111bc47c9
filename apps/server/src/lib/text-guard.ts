import type { FieldErrors } from '@pw/contract';

/**
 * Dotted paths of every string inside `value` (object keys included) that holds a NUL byte:
 * PostgreSQL text cannot store one, so it would fail deep in a query instead of answering 400.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findNulFields(value: unknown): string[] {
  const found = new Set<string>();
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [unknown, string];
    if (typeof node === 'string') {
      if (node.includes('\u0000')) found.add(path || 'non_field_errors');
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) found.add(path || 'non_field_errors');
        else stack.push([child, childPath]);
      }
    }
  }
  return [...found];
}

/** Field errors naming each text that holds a NUL byte, or undefined when there is none. */
export function nulFieldErrors(value: unknown): FieldErrors | undefined {
  const fields = findNulFields(value);
  if (fields.length === 0) return undefined;
  return Object.fromEntries(fields.map((field) => [field, ['validation.control_character']]));
}
