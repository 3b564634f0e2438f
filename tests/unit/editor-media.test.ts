import { describe, expect, it } from 'vitest';
import { imageUsage } from '../../src/editor/lib/content-ops';
import { markdownReader } from '../../src/editor/lib/rich-text/markdown-reader';
import {
  base64OfDataUrl, fileProblem, filenameOf, filenameProblem, filterAssets, formatBytes, nextFreeName, suggestFilename,
  UPLOAD_ACCEPT, UPLOAD_EXTENSIONS, uploadMimeType, uploadRules, whereUsed, withAsset, withExtensionKept,
} from '../../src/editor/lib/media';
import { docsFromPayload } from '../../src/editor/lib/model';
import { checkFilename, IMAGE_EXTENSIONS, IMAGE_TYPES } from '../../src/server/images';

const MiB = 1024 * 1024;

/** Whether the server's own filename check accepts a name. */
const serverAccepts = (name: string) => {
  try {
    checkFilename(name);
    return true;
  } catch {
    return false;
  }
};

describe('suggestFilename', () => {
  it('lowercases, turns spaces to hyphens and strips other characters', () => {
    expect(suggestFilename('My Holiday Photo.PNG', 'image/png')).toBe('my-holiday-photo.png');
    expect(suggestFilename('Team (final) v2!.jpg', 'image/jpeg')).toBe('team-final-v2.jpg');
    expect(suggestFilename('  spaced   out  .webp', 'image/webp')).toBe('spaced-out.webp');
    expect(suggestFilename('snake_case_ok.gif', 'image/gif')).toBe('snake_case_ok.gif');
  });

  it('drops accents and folds dots of the base name into hyphens (a single extension)', () => {
    expect(suggestFilename('Café Crème.jpeg', 'image/jpeg')).toBe('cafe-creme.jpeg');
    expect(suggestFilename('shell.php.png', 'image/png')).toBe('shell-php.png');
    expect(suggestFilename('Screenshot 2026-01-02 at 10.11.12.png', 'image/png')).toBe('screenshot-2026-01-02-at-10-11-12.png');
  });

  it('takes the extension from the type when the name has none, or a wrong one', () => {
    expect(suggestFilename('image', 'image/png')).toBe('image.png');
    expect(suggestFilename('photo.jpg', 'image/png')).toBe('photo.png');
    expect(suggestFilename('drawing', 'image/svg+xml')).toBe('drawing.svg');
    expect(suggestFilename('photo.JPG', '')).toBe('photo.jpg');
  });

  it('never proposes an empty, dotted, reserved or overlong name', () => {
    expect(suggestFilename('日本語.png', 'image/png')).toBe('image.png');
    expect(suggestFilename('.hidden.png', 'image/png')).toBe('hidden.png');
    expect(suggestFilename('--__.png', 'image/png')).toBe('image.png');
    expect(suggestFilename('CON.png', 'image/png')).toBe('con-image.png');
    const long = suggestFilename(`${'a'.repeat(150)}.webp`, 'image/webp');
    expect(long).toHaveLength(100);
    expect(long.endsWith('.webp')).toBe(true);
    expect(suggestFilename(`${'a-'.repeat(60)}.png`, 'image/png')).not.toMatch(/-\.png$/);
  });

  it('proposes names the server accepts', () => {
    const names = ['My Holiday Photo.PNG', 'Café Crème.jpeg', 'shell.php.png', '日本語.png', 'CON.png', `${'x y'.repeat(80)}.gif`, 'C:\\fakepath\\Shot 1.png', '../../etc/passwd.png', 'a\u0000b.png'];
    for (const name of names) expect(serverAccepts(suggestFilename(name, 'image/png')), name).toBe(true);
  });
});

describe('filenameProblem', () => {
  it('accepts what the server accepts and refuses what it refuses', () => {
    const cases = ['ok.png', 'OK_2-b.JPG', 'photo.jpeg', 'x.svg', 'x', 'x.php.png', '.png', 'a b.png', 'a/b.png', 'con.png', 'x.bmp', '-x.png', `${'a'.repeat(97)}.png`, `${'a'.repeat(96)}.png`, 'é.png'];
    for (const name of cases) expect(filenameProblem(name) === null, name).toBe(serverAccepts(name));
  });

  it('explains the rule that fails', () => {
    expect(filenameProblem('')).toBe('Enter a file name.');
    expect(filenameProblem('photo')).toMatch(/^End the name with an image extension/);
    expect(filenameProblem('a.b.png')).toBe('Use a single extension, and no other dots.');
    expect(filenameProblem('my photo.png')).toMatch(/letters, digits, - and _/);
    expect(filenameProblem(`${'a'.repeat(101)}.png`)).toBe('Use at most 100 characters.');
  });

  it('wants an extension of the file’s own type', () => {
    expect(filenameProblem('photo.png', 'image/jpeg')).toBe('The file is a JPEG image: end its name with .jpg or .jpeg.');
    expect(filenameProblem('photo.jpeg', 'image/jpeg')).toBeNull();
    expect(filenameProblem('photo.png', '')).toBeNull();
  });
});

describe('nextFreeName', () => {
  it('adds -2, or counts on from an existing number', () => {
    expect(nextFreeName('name.png', ['name.png'])).toBe('name-2.png');
    expect(nextFreeName('name.png', ['name.png', 'name-2.png', 'Name-3.png'])).toBe('name-4.png');
    expect(nextFreeName('name-2.png', ['name-2.png'])).toBe('name-3.png');
    expect(nextFreeName('2.png', [])).toBe('2-2.png');
  });

  it('stays within 100 characters', () => {
    const long = `${'a'.repeat(96)}.png`;
    const next = nextFreeName(long, [long]);
    expect(next).toHaveLength(100);
    expect(serverAccepts(next)).toBe(true);
  });
});

describe('fileProblem', () => {
  it('accepts the five formats within the limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/svg+xml']) expect(fileProblem({ name: 'x', type, size: 10 }, MiB)).toBeNull();
    expect(fileProblem({ name: 'x.png', type: '', size: 10 }, MiB)).toBeNull();
  });

  it('refuses other types, empty files and files over the limit', () => {
    expect(fileProblem({ name: 'x.bmp', type: 'image/bmp', size: 10 }, MiB)).toBe('“x.bmp” is not a JPEG, PNG, WebP, GIF or SVG image.');
    expect(fileProblem({ name: 'x.exe', type: '', size: 10 }, MiB)).toMatch(/is not a JPEG/);
    expect(fileProblem({ name: 'x.png', type: 'image/png', size: 0 }, MiB)).toBe('“x.png” is empty.');
    expect(fileProblem({ name: 'big.png', type: 'image/png', size: 12.5 * MiB }, 10 * MiB)).toBe('“big.png” is too large: 13 MB. Images can be at most 10 MB.');
    expect(fileProblem({ name: 'big.png', type: 'image/png', size: 10 * MiB + 1 }, 10 * MiB)).toBe('“big.png” is too large: over 10 MB. Images can be at most 10 MB.');
    expect(fileProblem({ name: 'ok.png', type: 'image/png', size: 10 * MiB }, 10 * MiB)).toBeNull();
  });

  it('refuses a file whose first bytes are no image, though its name or type claims one (a text file named fake.png was offered, and only the server refused it)', () => {
    expect(fileProblem({ name: 'fake.png', type: 'image/png', size: 19 }, MiB, 'other')).toBe(
      '“fake.png” is not a PNG image, though its name says so: what is inside is not a picture (perhaps another kind of file was renamed). Choose the image itself.',
    );
    expect(fileProblem({ name: 'fake.jpg', type: '', size: 19 }, MiB, 'other')).toMatch(/^“fake\.jpg” is not a JPEG image/);
    expect(fileProblem({ name: 'real.png', type: 'image/png', size: 19 }, MiB, 'png')).toBeNull();
    // An SVG is text: its first bytes cannot tell, and the server decides it by a parse.
    expect(fileProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 19 }, MiB, 'other')).toBeNull();
    // Bytes that could not be read judge nothing.
    expect(fileProblem({ name: 'fake.png', type: 'image/png', size: 19 }, MiB)).toBeNull();
  });
});

describe('small helpers', () => {
  it('formats sizes and the upload rules', () => {
    expect(formatBytes(10 * MiB)).toBe('10 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2.25 * MiB)).toBe('2.3 MB');
    expect(formatBytes(1)).toBe('1 byte');
    expect(uploadRules(10 * MiB)).toBe('JPEG, PNG, WebP, GIF or SVG, up to 10 MB');
  });

  it('knows the same formats as the server', () => {
    expect([...UPLOAD_EXTENSIONS].sort()).toEqual([...IMAGE_EXTENSIONS].sort());
    for (const { mime } of Object.values(IMAGE_TYPES)) {
      expect(uploadMimeType(mime)).toBe(mime);
      expect(UPLOAD_ACCEPT.split(',')).toContain(mime);
    }
    expect(uploadMimeType('IMAGE/PNG')).toBe('image/png');
    expect(uploadMimeType('application/octet-stream')).toBeUndefined();
  });

  it('strips a data: URL prefix, reads filenames and filters and inserts asset URLs', () => {
    expect(base64OfDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(filenameOf('/assets/images/hero-studio.webp')).toBe('hero-studio.webp');
    expect(filenameOf('https://cdn.example.com/a/My%20Photo.jpg?w=200#x')).toBe('My Photo.jpg');
    expect(filenameOf('https://cdn.example.com/100%.png')).toBe('100%.png');
    const urls = ['/assets/images/Zebra.png', '/assets/images/apple.png', '/assets/images/cover-x.webp'];
    expect(filterAssets(urls, ' COVER ')).toEqual(['/assets/images/cover-x.webp']);
    expect(filterAssets(urls, '')).toEqual(urls);
    expect(filterAssets(urls, 'images')).toEqual([]);
    expect(withAsset(urls.slice(0, 2), '/assets/images/b.png')).toEqual(['/assets/images/Zebra.png', '/assets/images/apple.png', '/assets/images/b.png']);
    expect(withAsset(urls, urls[0]!)).toEqual(urls);
  });
});

describe('withExtensionKept', () => {
  it('gives a new name without an image extension the old one, and leaves any other as typed', () => {
    expect(withExtensionKept('green-swatch', 'green.png')).toBe('green-swatch.png');
    expect(withExtensionKept('green-swatch.webp', 'green.png')).toBe('green-swatch.webp');
    expect(withExtensionKept('notes.v2', 'green.png')).toBe('notes.v2.png');
    expect(withExtensionKept('', 'green.png')).toBe('');
  });
});

describe('whereUsed', () => {
  const hero = '/assets/images/hero.webp';
  const docs = docsFromPayload({
    problems: [],
    maxUploadBytes: 10 * MiB,
    docs: [
      { file: 'pages/home.json', kind: 'page', saveSlug: 'home', version: 'v', data: { sections: [{ id: 'h', type: 'hero', data: { image: { url: hero, alt: 'A' } } }] } },
      { file: 'pages/about.json', kind: 'page', saveSlug: 'about', version: 'v', data: { sections: [{ data: { body: `Intro\n\n![Team](${hero} "t")` } }] } },
      { file: 'pages/other.json', kind: 'page', saveSlug: 'other', version: 'v', data: { meta: { ogImage: { url: `${hero}2`, alt: 'x' } }, note: `${hero}/x` } },
      { file: 'shared/site.json', kind: 'shared', saveSlug: 'shared/site', version: 'v', data: { logo: `https://cdn.example.com${hero}?v=2` } },
      { file: 'collections/posts/a.json', kind: 'entry', saveSlug: 'posts/a', version: 'v', data: { cover: { url: hero, alt: 'c' } } },
      { file: 'collections/tags/t.json', kind: 'entry', saveSlug: 'tags/t', version: 'v', data: { name: 'T' } },
    ],
  });

  it('finds pages, shared documents and entries whose data contains the URL, with the paths', () => {
    expect(whereUsed(docs, hero)).toEqual([
      { file: 'pages/about.json', kind: 'page', name: 'Page “about” (/about/)', paths: ['sections.0.data.body'] },
      { file: 'pages/home.json', kind: 'page', name: 'Page “Home” (/)', paths: ['sections.0.data.image.url'] },
      { file: 'shared/site.json', kind: 'shared', name: 'Site settings', paths: ['logo'] },
      { file: 'collections/posts/a.json', kind: 'entry', name: 'Post “a”', paths: ['cover.url'] },
    ]);
  });

  it('does not match a longer name or path, nor an empty URL', () => {
    expect(whereUsed(docs, `${hero}2`).map((u) => u.file)).toEqual(['pages/other.json']);
    expect(whereUsed(docs, '/assets/images/none.png')).toEqual([]);
    expect(whereUsed(docs, '')).toEqual([]);
  });

  it("with the Markdown reader, counts as the store's delete does: any spelling, links in texts, not code or another site", () => {
    const body = (text: string) => ({ sections: [{ id: 'b', type: 'content-block', data: { body: text } }] });
    const judged = docsFromPayload({
      problems: [],
      maxUploadBytes: 10 * MiB,
      docs: [
        { file: 'pages/linked.json', kind: 'page', saveSlug: 'linked', version: 'v', data: body(`See [the photo](/assets/images/%68ero.webp).`) },
        { file: 'pages/code.json', kind: 'page', saveSlug: 'code', version: 'v', data: body(`Write \`${hero}\` in a field.`) },
        { file: 'shared/site.json', kind: 'shared', saveSlug: 'shared/site', version: 'v', data: { logo: `https://cdn.example.com${hero}` } },
        { file: 'collections/posts/a.json', kind: 'entry', saveSlug: 'posts/a', version: 'v', data: { cover: { url: `${hero}?v=2`, alt: 'c' } } },
      ],
    });
    expect(imageUsage(judged, hero, markdownReader)).toEqual([
      { file: 'pages/linked.json', kind: 'page', name: 'Page “linked” (/linked/)', paths: ['sections.0.data.body'] },
      { file: 'collections/posts/a.json', kind: 'entry', name: 'Post “a”', paths: ['cover.url'] },
    ]);
    // Without it (before it loads), wherever the URL is written: the code, and the other site, too.
    expect(whereUsed(judged, hero).map((usage) => usage.file)).toEqual(['pages/code.json', 'shared/site.json', 'collections/posts/a.json']);
  });

  it('sees unsaved edits: documents are replaced, so the cache follows them', () => {
    const edited = { ...docs, 'collections/tags/t.json': { ...docs['collections/tags/t.json']!, data: { name: 'T', image: hero } } };
    expect(whereUsed(edited, hero).map((u) => u.name)).toContain('Tag “T”');
    expect(whereUsed(Object.values(edited), hero)).toHaveLength(5);
  });
});
