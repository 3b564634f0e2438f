/**
 * Dev only: every editable document under src/data, for the editor, and the
 * upload size limit. A file that is not valid JSON (say, mid-edit in a text
 * editor) is reported, not fatal, so the editor still opens. So is a symbolic
 * link: it is never read (see src/engine/data-files.ts), and the editor says why.
 */
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { listDataFiles } from '../../engine/data-files';
import type { DocKind, EditorPayload } from '../lib/model';
import { maxUploadBytes } from '../../server/limits';
import { DATA_ROOT } from '../../server/paths';
import { contentVersion } from '../../server/version';

function classify(file: string): { kind: DocKind; saveSlug: string } | undefined {
  const withoutExtension = file.slice(0, -'.json'.length);
  if (file.startsWith('pages/')) return { kind: 'page', saveSlug: withoutExtension.slice('pages/'.length) };
  if (file.startsWith('shared/')) return { kind: 'shared', saveSlug: withoutExtension };
  const entry = /^collections\/(posts|tags)\/([^/]+)$/.exec(withoutExtension);
  if (entry) return { kind: 'entry', saveSlug: `${entry[1]}/${entry[2]}` };
  return undefined;
}

export async function readEditorPayload(dataRoot = DATA_ROOT): Promise<EditorPayload> {
  const { files, refused } = await listDataFiles(dataRoot);
  const payload: EditorPayload = { docs: [], problems: [], maxUploadBytes: maxUploadBytes() };
  for (const [file, message] of refused) payload.problems.push({ file, message });
  for (const path of files) {
    const file = relative(dataRoot, path).split(sep).join('/');
    const kind = classify(file);
    if (!kind) continue;
    try {
      const data: unknown = JSON.parse(await readFile(path, 'utf8'));
      payload.docs.push({ file, ...kind, data, version: contentVersion(data) });
    } catch (error) {
      payload.problems.push({ file, message: (error as Error).message });
    }
  }
  payload.docs.sort((a, b) => (a.file < b.file ? -1 : 1));
  return payload;
}
