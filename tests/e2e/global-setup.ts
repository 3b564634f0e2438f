/**
 * Starts `astro dev` on a throwaway copy of the project, so the tests edit
 * and save a copy of the demo content, never the committed files.
 */
import { copyProject } from '../helpers/project-copy';
import { startDevServer } from '../helpers/servers';

export default async function globalSetup() {
  const project = await copyProject('e2e');
  const server = await startDevServer(project);
  process.env.E2E_BASE_URL = server.origin;
  process.env.E2E_PROJECT_ROOT = project.root;
  return async () => {
    await server.stop();
    await project.remove();
  };
}
