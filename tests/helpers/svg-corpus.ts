/**
 * The SVG test corpus of tests/fixtures/svg: hostile/ holds SVGs the upload
 * check must refuse, benign/ SVGs it must accept (see its README.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { HttpError } from '../../src/server/errors';
import { checkSvg } from '../../src/server/svg';

export const SVG_CORPUS_DIR = fileURLToPath(new URL('../fixtures/svg/', import.meta.url));

export type SvgCorpusKind = 'hostile' | 'benign';

export interface SvgCorpusFile {
  kind: SvgCorpusKind;
  /** The file name, e.g. `prefixed-svg-script.svg`. */
  name: string;
  /** The absolute path. */
  path: string;
  /** The file's exact bytes (some are not UTF-8 on purpose). */
  bytes: Buffer;
}

/** Every `.svg` file of the corpus, hostile first, each folder sorted by name. */
export function svgCorpus(kinds: readonly SvgCorpusKind[] = ['hostile', 'benign']): SvgCorpusFile[] {
  return kinds.flatMap((kind) => {
    const dir = join(SVG_CORPUS_DIR, kind);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.svg'))
      .sort()
      .map((name) => ({ kind, name, path: join(dir, name), bytes: readFileSync(join(dir, name)) }));
  });
}

/** The refusal checkSvg throws for these bytes (fails the test if it accepts them). */
export function svgRefusal(svg: string | Buffer): HttpError {
  try {
    checkSvg(Buffer.from(svg));
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).message).toMatch(/^SVG refused: /);
    return error as HttpError;
  }
  throw new Error(`accepted: ${String(svg).slice(0, 200)}`);
}
