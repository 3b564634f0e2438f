/** A file sent from disk (server/representation.mjs) to a client that has gone: closed, and no error thrown. */
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sendRepresentation } from '../../server/representation.mjs';

describe('sending a file to a client that hung up before its body', () => {
  it('closes the file and settles, where pipeline threw on the destroyed response (an unhandled rejection)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cse-representation-'));
    const path = join(dir, 'photo.jpg');
    await writeFile(path, Buffer.alloc(64 * 1024, 1));
    let outcome: Promise<unknown> | undefined;
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    const server = createServer(async (request, response) => {
      handle = await open(path, 'r');
      response.destroy(); // the client went away while the file was opened
      outcome = sendRepresentation(request, response, { headers: { 'Content-Type': 'image/jpeg' }, etag: '"x"', body: { handle, size: 64 * 1024 } });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await expect(fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).rejects.toThrow();
      await expect.poll(() => outcome !== undefined).toBe(true);
      await expect(outcome).resolves.toBeUndefined();
      expect(handle!.fd).toBe(-1); // closed
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    }
  });
});
