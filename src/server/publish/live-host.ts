/**
 * The production server's side of live publishing, as the publisher sees it.
 * server/live-site.mjs puts it on globalThis before the Astro server build is
 * loaded; under `astro dev` there is none, and nothing is published (the dev
 * site reads the files on every request).
 */
import type { PublishedPage } from './published-pages';
import type { RenderWorkerFiles } from './render-pool';
import type { PageBytes } from './page-bytes';
import type { BuiltLayout } from './publication-layouts';

/** A page of a new version: its HTML when it was rendered for it, or none when the live one stays (same render key). */
export interface PageToInstall extends Pick<PublishedPage, 'slug' | 'path' | 'body' | 'version' | 'renderKey'> {
  /** One buffer, or pieces in order that share their styles with other pages (page-styles.ts). */
  html?: PageBytes;
}

export interface VersionToInstall {
  contentVersion: string;
  pages: PageToInstall[];
  /** The moved pages' redirects; absent: the live ones stay (redirects.json cannot be read now). */
  redirects?: { from: string; to: string }[];
  /** Text files other than pages (the feed, the sitemap), by normalised request path. */
  files: { path: string; body: string }[];
  /** Paths (or, ending in "-", path prefixes) of text files the content cannot make now: the live ones stay. */
  keptFiles?: string[];
}

export interface LiveHost {
  /** The live version's render key of each page path. */
  renderKeys(): ReadonlyMap<string, string>;
  /** The live version's page at `path`, to keep as it is (its HTML and bundle stay): for a page the new content cannot make. */
  livePage(path: string): PageToInstall | undefined;
  /** Makes `version` live, all at once. */
  install(version: VersionToInstall): void;
  /** The build's layout of each page (page-bundles.json), by path: where its views are in its file. */
  builtLayouts: ReadonlyMap<string, { renderKey: string; layout: BuiltLayout }>;
  /** Where the build's pages are (dist/client). */
  clientDir: string;
  /** What render workers load: the server's own script and the server build it runs from. */
  renderWorkerFiles: RenderWorkerFiles;
}

const KEY = Symbol.for('content-site.live-host');

export function liveHost(): LiveHost | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as LiveHost | undefined;
}
