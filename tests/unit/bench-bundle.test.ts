import { describe, expect, it } from 'vitest';
import { splitBundle, type BuiltChunk } from '../../bench/lib/bundle';

const chunk = (fileName: string, gzipBytes: number, extra: Partial<BuiltChunk> = {}): BuiltChunk => ({ fileName, gzipBytes, isEntry: false, imports: [], moduleIds: [], ...extra });

describe('splitBundle', () => {
  it('counts the entry and its static imports as the first load, and the lazy rich-text chunks apart', () => {
    const chunks = [
      chunk('entry.js', 100, { isEntry: true, imports: ['react.js'], moduleIds: ['/src/editor/app/EditorApp.tsx'] }),
      chunk('react.js', 60, { moduleIds: ['/node_modules/react/index.js'] }),
      // The dynamic import of the field, which imports a chunk it shares with nothing in the first load, and one it shares with it.
      chunk('RichTextField.js', 40, { imports: ['prosemirror.js', 'react.js'], moduleIds: ['/src/editor/app/fields/RichTextField.tsx'] }),
      chunk('prosemirror.js', 30, { moduleIds: ['/node_modules/prosemirror-view/dist/index.js'] }),
      chunk('MediaLibrary.js', 7, { moduleIds: ['/src/editor/app/MediaLibrary.tsx'] }),
    ];
    expect(splitBundle(chunks, /RichTextField/)).toEqual({ firstLoadGzipBytes: 160, lazyMatchingGzipBytes: 70, lazyOtherGzipBytes: 7 });
  });

  it('reports no lazy part when nothing is loaded lazily', () => {
    expect(splitBundle([chunk('entry.js', 100, { isEntry: true })], /RichTextField/)).toEqual({ firstLoadGzipBytes: 100, lazyMatchingGzipBytes: 0, lazyOtherGzipBytes: 0 });
  });
});
