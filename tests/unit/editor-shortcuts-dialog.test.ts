/**
 * useShortcuts (dialogs own the keyboard): while any dialog is open the handler returns
 * before looking at the key, so Ctrl/Cmd+S is no longer prevented either: in the New page, Change
 * address… or conflict dialog it opens the browser's own "Save page as…" over the editor.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('react', () => ({ useEffect: (effect: () => void) => void effect() }));

describe('Ctrl+S while a dialog is open (a review: it opened the browser’s “Save page as…”)', () => {
  it('is kept from the browser (its "Save page as…" is never what the editor means)', async () => {
    const listeners: ((event: unknown) => void)[] = [];
    vi.stubGlobal('window', { addEventListener: (_type: string, listener: (event: unknown) => void) => listeners.push(listener), removeEventListener: () => {} });
    vi.stubGlobal('document', { querySelector: (selector: string) => (selector === 'dialog[open]' ? {} : null) });
    vi.stubGlobal('HTMLInputElement', class {});
    const { useShortcuts } = await import('../../src/editor/app/hooks/useShortcuts');
    const dispatch = vi.fn();
    useShortcuts(dispatch);
    const preventDefault = vi.fn();
    for (const listener of listeners) listener({ ctrlKey: true, metaKey: false, altKey: false, shiftKey: false, key: 's', defaultPrevented: false, target: {}, preventDefault });
    expect(preventDefault).toHaveBeenCalled();
  });
});
