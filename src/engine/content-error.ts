/**
 * What goes wrong with content: a `ContentError` names the data file and JSON
 * pointer at fault (never a filesystem path) and lists every issue found.
 */
import type { z } from 'astro/zod';
import { pointerFromPath } from './pointer';

export interface Issue {
  /** JSON pointer into the file or body, e.g. `/sections/2/data/title`. */
  path: string;
  message: string;
  /** The data file `path` points into, when it is not the error's own file (a value reached through `$ref`). */
  file?: string;
}

export type ContentErrorKind = 'invalid' | 'dangling-ref' | 'cyclic-ref' | 'out-of-root' | 'limit' | 'binding' | 'refused';

/** A content problem: names the data file and pointer, never a filesystem path. */
export class ContentError extends Error {
  constructor(
    readonly kind: ContentErrorKind,
    /** Data-root-relative file, e.g. `pages/home.json`. */
    readonly file: string,
    /** What is wrong, without the file and pointer. */
    readonly detail: string,
    readonly pointer = '',
    readonly issues: Issue[] = [],
  ) {
    // Every issue, never only the first few: each one is something to fix.
    const details = issues.map((issue) => `${issue.file ? `${issue.file}#` : ''}${issue.path || '/'}: ${issue.message}`);
    super(`${file}${pointer ? `#${pointer}` : ''}: ${detail}${details.length ? ` (${details.join('; ')})` : ''}`);
    this.name = 'ContentError';
  }

  /** Every issue, each against the file it is in (a value reached through `$ref` is fixed where it is stored). */
  fileIssues(): { file: string; path: string; message: string }[] {
    if (this.issues.length > 0) return this.issues.map((issue) => ({ file: issue.file ?? this.file, path: issue.path, message: issue.message }));
    return [{ file: this.file, path: this.pointer, message: this.detail }];
  }
}

export class PageNotFoundError extends Error {
  constructor(readonly slug: string) {
    super(`No page with slug "${slug}"`);
    this.name = 'PageNotFoundError';
  }
}

export function issuesOf(error: z.ZodError): Issue[] {
  return error.issues.map((issue) => ({
    path: pointerFromPath(issue.path as (string | number)[]),
    message: issue.message,
  }));
}

/**
 * What stops a build for what the content or a section folder says, worded for whoever mends it:
 * without a stack, which would name the build's own code and bury the files the message names.
 */
export function buildStop(message: string): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}`;
  return error;
}
