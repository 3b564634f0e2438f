/**
 * A git remote that goes quiet in the middle of a push, or refuses one: the content store's git backend gives up
 * after CONTENT_GIT_TIMEOUT_SECONDS of silence instead of holding its lock (every save waits for
 * it), and then asks the remote whether the push landed. Real git, with the remote's own hooks
 * holding the push: a pre-receive hook holds it before the branch moves (then refuses it), a
 * post-receive hook after (the branch has moved, but the answer never comes in time).
 *
 * The hooks hold while a file exists, for up to two minutes, and the tests remove it only after
 * the save has answered: a save that waited for the remote would not answer in the test's time.
 */
import { chmod, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { git, makeBareRemote, type BareRemote } from '../helpers/git-remote';
import { ALICE, gitStoreServer, retitle } from '../helpers/git-store';
import { PROJECT_ROOT } from '../helpers/project-copy';

let remote: BareRemote;
const server = (name: string) => gitStoreServer(remote, name, { CONTENT_GIT_TIMEOUT_SECONDS: '1' });

const holdFile = () => join(remote.scratch, 'hold');
const hookPath = (hook: string) => join(remote.path, 'hooks', hook);

/** Makes the remote's `hook` wait while the hold file exists, then exit with `exitCode`. */
async function holdPushes(hook: 'pre-receive' | 'post-receive', exitCode: number): Promise<void> {
  await writeFile(holdFile(), '');
  await writeFile(hookPath(hook), `#!/bin/sh\ni=0\nwhile [ -e '${holdFile()}' ] && [ $i -lt 1200 ]; do sleep 0.1; i=$((i+1)); done\nexit ${exitCode}\n`);
  await chmod(hookPath(hook), 0o755);
}

/** Lets the held push go on, and takes the hooks away. */
async function release(): Promise<void> {
  await rm(holdFile(), { force: true });
  await rm(hookPath('pre-receive'), { force: true });
  await rm(hookPath('post-receive'), { force: true });
}

beforeAll(async () => {
  remote = await makeBareRemote(PROJECT_ROOT);
});

afterEach(release);

afterAll(async () => {
  await release();
  await remote?.remove();
});

describe('a git remote that stops answering during a push', () => {
  it('fails the save with 503 after the time limit, and leaves the clone and the remote as they were', async () => {
    const a = await server('quiet-before');
    const remoteHead = await git(remote.path, 'rev-parse', 'main');
    await holdPushes('pre-receive', 1);
    const put = await retitle(a, 'pages/about.json', 'Held by the remote');
    const refused = await a.store.apply({ changes: [put] }, ALICE).then(() => undefined, (error) => error);
    expect(refused).toMatchObject({ status: 503, message: expect.stringMatching(/did not answer within 1 s/) });
    expect(await git(a.dir, 'rev-parse', 'HEAD')).toBe(remoteHead);
    expect(await git(a.dir, 'status', '--porcelain')).toBe('');
    expect((await a.readJson('pages/about.json')).meta.title).not.toBe('Held by the remote');

    // The store's lock is free again: once the remote answers, the same change is saved.
    await release();
    const saved = await a.store.apply({ changes: [await retitle(a, 'pages/about.json', 'Saved on the second try')] }, ALICE);
    expect(await git(remote.path, 'rev-parse', 'main')).toBe(saved.commit);
    expect(JSON.parse((await remote.read('src/data/pages/about.json'))!).meta.title).toBe('Saved on the second try');
  });

  it('says why a remote refused a push, not the progress git reports first', async () => {
    const a = await server('refused');
    await writeFile(hookPath('pre-receive'), '#!/bin/sh\necho "Pushes to main need a review" >&2\nexit 1\n');
    await chmod(hookPath('pre-receive'), 0o755);
    const refused = await a.store.apply({ changes: [await retitle(a, 'pages/about.json', 'Refused by a hook')] }, ALICE).then(() => undefined, (error) => error);
    expect(refused).toMatchObject({ status: 502, message: 'The content repository refused the change, so nothing was saved: ! [remote rejected] HEAD -> main (pre-receive hook declined)' });
    expect(await git(a.dir, 'status', '--porcelain')).toBe('');
  });

  it('counts a push that landed as saved, though the remote never answered it in time', async () => {
    const a = await server('quiet-after');
    await holdPushes('post-receive', 0);
    const saved = await a.store.apply({ changes: [await retitle(a, 'pages/home.json', 'Landed in silence')] }, ALICE);
    expect(saved.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(await git(remote.path, 'rev-parse', 'main')).toBe(saved.commit);
    expect(await git(a.dir, 'rev-parse', 'HEAD')).toBe(saved.commit);
    expect(await git(a.dir, 'status', '--porcelain')).toBe('');
    expect(JSON.parse((await remote.read('src/data/pages/home.json'))!).meta.title).toBe('Landed in silence');
  });
});
