/**
 * The dialogs and panels an editing session may never open (delete and rename, a conflict, a new
 * page or post, the Problems panel, the media library, the questions before Save and Sign out), loaded apart from the
 * editor's first load: with them in it, the first load had grown past its 200 KB budget
 * (docs/performance.md, "Editor"). Each is fetched once the editor is idle (`preloadDialogs`), so
 * one opened later shows at once; one opened sooner waits for its code, tens of milliseconds.
 */
import { lazy } from 'react';
import { whenIdle } from './when-idle';

const loaders = {
  contentOps: () => import('./ContentOpsDialog'),
  conflict: () => import('./ConflictDialog'),
  newDocument: () => import('./new-document-dialogs'),
  problems: () => import('./ProblemsPanel'),
  sampleText: () => import('./SampleTextDialog'),
  signOut: () => import('./SignOutDialog'),
  mediaLibrary: () => import('./MediaLibrary'),
};

export const ContentOpsDialog = lazy(() => loaders.contentOps().then((module) => ({ default: module.ContentOpsDialog })));
export const ConflictDialog = lazy(() => loaders.conflict().then((module) => ({ default: module.ConflictDialog })));
export const GoneDialog = lazy(() => loaders.conflict().then((module) => ({ default: module.GoneDialog })));
export const NewPageDialog = lazy(() => loaders.newDocument().then((module) => ({ default: module.NewPageDialog })));
export const NewEntryDialog = lazy(() => loaders.newDocument().then((module) => ({ default: module.NewEntryDialog })));
export const ProblemsPanel = lazy(() => loaders.problems().then((module) => ({ default: module.ProblemsPanel })));
export const SampleTextDialog = lazy(() => loaders.sampleText().then((module) => ({ default: module.SampleTextDialog })));
export const SignOutDialog = lazy(() => loaders.signOut().then((module) => ({ default: module.SignOutDialog })));
export const MediaLibrary = lazy(() => loaders.mediaLibrary().then((module) => ({ default: module.MediaLibrary })));

/** Fetches every dialog's code, once the browser has nothing else to do (a failed fetch is tried again when the dialog opens). */
export function preloadDialogs(): () => void {
  return whenIdle(
    () => {
      for (const loader of Object.values(loaders)) loader().catch(() => undefined);
    },
    { timeout: 3000, fallback: 1000 },
  );
}
