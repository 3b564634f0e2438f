/** Which request paths the dev server refuses before Vite serves them as files: every spelling of the content folders. */
import { describe, expect, it } from 'vitest';
import { folderPrefixes, isFolderFileRequest } from '../../src/server/dev-data-requests';

const root = '/srv/site';
const prefixes = ['/srv/site/src/data', '/srv/site/public/assets/images', '/srv/site/.content-store/users.json', '/srv/elsewhere/clone/src/data'].flatMap((dir) => folderPrefixes(root, dir));
const refused = (url: string) => isFolderFileRequest(url, prefixes);

describe('the content folders by their file paths', () => {
  it('are refused by project path, through /@fs/ and /@id/, with a query, and as the file itself', () => {
    for (const url of ['/src/data/pages/home.json', '/src/data/pages/home.json?raw', '/public/assets/images/x.svg?import', '/@fs/srv/site/public/assets/images/x.svg', '/@id/src/data/x.json', '/.content-store/users.json', '/@fs/srv/elsewhere/clone/src/data/x.json', '/src//data/x.json', '/src/data\\x.json', '/src/%64ata/x.json']) {
      expect(refused(url), url).toBe(true);
    }
  });

  it('are refused in any case and with trailing dots or spaces, as macOS and Windows file systems read them', () => {
    for (const url of ['/Public/assets/images/x.svg', '/SRC/DATA/x.json?raw', '/src/data./x.json', '/src/data%20/x.json', '/@FS/srv/site/src/data/x.json']) expect(refused(url), url).toBe(true);
  });

  it('leave every other path to Vite, and a folder outside its root to /@fs/ only', () => {
    for (const url of ['/src/database.ts', '/src/pages/index.astro', '/public/favicon.svg', '/assets/images/x.svg', '/.content-store', '/clone/src/data/x.json']) expect(refused(url), url).toBe(false);
    expect(folderPrefixes(root, '/srv/elsewhere/x')).toEqual(['/@fs/srv/elsewhere/x']);
  });
});
