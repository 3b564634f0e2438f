/**
 * Dev only: every editable document under src/data, for the editor, and the
 * upload size limit. A file that is not valid JSON (say, mid-edit in a text
 * editor) is reported, not fatal, so the editor still opens.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
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
  const entries = await readdir(dataRoot, { recursive: true, withFileTypes: true });
  const payload: EditorPayload = { docs: [], problems: [], maxUploadBytes: maxUploadBytes() };
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.json') || entry.name.startsWith('.')) continue;
    const file = relative(dataRoot, join(entry.parentPath, entry.name)).split(sep).join('/');
    const kind = classify(file);
    if (!kind) continue;
    try {
      const data: unknown = JSON.parse(await readFile(join(dataRoot, file), 'utf8'));
      payload.docs.push({ file, ...kind, data, version: contentVersion(data) });
    } catch (error) {
      payload.problems.push({ file, message: (error as Error).message });
    }
  }
  payload.docs.sort((a, b) => (a.file < b.file ? -1 : 1));
  return payload;
}
