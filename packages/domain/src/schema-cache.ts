// Schemas built once. Building a zod schema costs more than parsing with it: the steps' shapes
// were built afresh for every step of every submission, 11–17 % of a submission's CPU (issue 32).
// A field's schema comes from a factory called with the same arguments every time (`memo`), and a
// step's object schema is the same object while its fields' schemas are the same (`objectOf`).
import * as z from 'zod/mini';

/** `factory` called once per distinct list of arguments (compared as JSON). */
export const memo = <A extends readonly unknown[], S>(
  factory: (...args: A) => S,
): ((...args: A) => S) => {
  const built = new Map<string, S>();
  return (...args: A): S => {
    const key = JSON.stringify(args);
    const known = built.get(key);
    if (known !== undefined) return known;
    const schema = factory(...args);
    built.set(key, schema);
    return schema;
  };
};

/** Per field, in order, the next field's schemas; the last field's node holds the object. */
interface Node {
  readonly next: WeakMap<z.ZodMiniType, Node>;
  object?: z.ZodMiniType;
}
const byFieldNames = new Map<string, Node>();
const newNode = (): Node => ({ next: new WeakMap() });

/**
 * `z.object(shape)`, the same object for the same field names and field schemas. Schemas are
 * held weakly: a shape built of schemas that are not kept (not from `memo`) is not kept either.
 */
export const objectOf = (shape: Readonly<Record<string, z.ZodMiniType>>): z.ZodMiniType => {
  const names = Object.keys(shape);
  const joined = names.join('\u0000');
  let node: Node = byFieldNames.get(joined) ?? newNode();
  byFieldNames.set(joined, node);
  for (const name of names) {
    const schema = shape[name] as z.ZodMiniType;
    const next: Node = node.next.get(schema) ?? newNode();
    node.next.set(schema, next);
    node = next;
  }
  node.object ??= z.object(shape);
  return node.object;
};
