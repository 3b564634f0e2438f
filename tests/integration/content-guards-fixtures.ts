/** What the content-guards tests share: a host's secret files linked into src/data, and the About page's CTA. */
import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProjectCopy } from '../helpers/project-copy';

export const SECRET = 'host-secret-7d41e0';
export const CTA_HREF = '/sections/3/data/ctas/0/href';

/** A folder outside the project with a secret file and a secret folder, as a host's files would be. */
export async function hostFiles() {
  const dir = await mkdtemp(join(tmpdir(), 'cse-host-'));
  await mkdir(join(dir, 'folder'));
  await writeFile(join(dir, 'secret.json'), JSON.stringify({ text: SECRET }));
  await writeFile(join(dir, 'folder', 'doc.json'), JSON.stringify({ text: SECRET }));
  return dir;
}

export async function linkHostFiles(project: ProjectCopy, host: string) {
  await symlink(join(host, 'secret.json'), join(project.dataRoot, 'shared', 'leak.json'));
  await symlink(join(host, 'folder'), join(project.dataRoot, 'shared', 'leak-dir'));
}

export const readJson = async (project: ProjectCopy, file: string) => JSON.parse(await readFile(join(project.dataRoot, file), 'utf8'));

/** about.json with its CTA button pointing at `href`. */
export async function aboutWithCta(project: ProjectCopy, href: string) {
  const about = await readJson(project, 'pages/about.json');
  about.sections[3].data.ctas[0].href = href;
  return about;
}
