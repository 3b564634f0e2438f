/**
 * `$ref` values in stored data. A stored page is valid when it passes the same
 * strict schema as a bundle, except at positions that hold a `$ref`: those are
 * checked when the resolver follows them. That keeps one schema per section
 * instead of a hand-written "refs allowed" twin.
 */
import { z } from 'astro/zod';
import { unknownFields } from './unknown-fields';

export interface RefObject {
  $ref: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Any object carrying a `$ref` key is meant as a pointer, well-formed or not. */
export function isRef(value: unknown): value is RefObject {
  return isPlainObject(value) && Object.hasOwn(value, '$ref');
}

/** Why a `$ref` object is malformed, or undefined when it is well-formed. */
export function refShapeProblem(value: RefObject): string | undefined {
  if (typeof value.$ref !== 'string' || value.$ref.length === 0) return '$ref must be a non-empty string';
  if (Object.keys(value).length !== 1) return 'an object with $ref may have no other keys';
  return undefined;
}

/** True when the value at `path` inside `root`, or any value on the way there, is a `$ref`. */
function passesThroughRef(root: unknown, path: readonly PropertyKey[]): boolean {
  let node = root;
  for (const key of path) {
    if (isRef(node)) return true;
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key as string)) return false;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return isRef(node);
}

/** `path` is a stack the walk pushes to and pops from; only a found ref gets a copy of it. */
function findRefs(value: unknown, path: (string | number)[], out: { path: (string | number)[]; ref: RefObject }[]) {
  if (isRef(value)) {
    out.push({ path: [...path], ref: value });
    return;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      path.push(index);
      findRefs(value[index], path, out);
      path.pop();
    }
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      path.push(key);
      findRefs(value[key], path, out);
      path.pop();
    }
  }
}

/** Every `$ref` in a value, with its path, outermost first. */
export function collectRefs(value: unknown): { path: (string | number)[]; ref: RefObject }[] {
  const out: { path: (string | number)[]; ref: RefObject }[] = [];
  findRefs(value, [], out);
  return out;
}

/**
 * The stored-data variant of a strict schema: every issue that sits at or
 * below a `$ref` is dropped, malformed `$ref` objects are reported, and so is
 * every field the schema does not know (nothing is dropped silently).
 */
export function allowRefs<T>(strict: z.ZodType<T>): z.ZodType<T> {
  return z.unknown().superRefine((value, context) => {
    for (const { path, ref } of collectRefs(value)) {
      const problem = refShapeProblem(ref);
      if (problem) context.addIssue({ code: 'custom', message: problem, path });
    }
    for (const { path, message } of unknownFields(strict, value)) context.addIssue({ code: 'custom', message, path });
    const result = strict.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      if (passesThroughRef(value, issue.path)) continue;
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path as (string | number)[] });
    }
  }) as unknown as z.ZodType<T>;
}
