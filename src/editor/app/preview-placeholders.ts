/**
 * A new section whose fields are not filled in yet cannot be rendered, and has no saved version
 * to show instead, so the server leaves it out of the preview (X-Preview-Hidden). Without a sign of
 * it, a section just added seemed to vanish. A placeholder takes its place: a box that names it and
 * says what to do, which selects it like any section when clicked.
 */

/** A section of the open page, in order: its id (as rendered) and its type's name. */
export interface PreviewSection {
  id: string;
  label: string;
}

const STYLE = [
  'box-sizing:border-box',
  'max-width:1100px',
  'margin:24px auto',
  'padding:48px 24px',
  'border:2px dashed #818cf8',
  'border-radius:12px',
  'background:#eef2ff',
  'color:#312e81',
  'font:18px/1.5 system-ui,sans-serif',
  'text-align:center',
].join(';');

const rendered = (doc: Document, id: string) => doc.querySelector(`[data-section-id="${CSS.escape(id)}"]`);

/** Puts a placeholder in `doc` for each hidden section, where the page's order puts it. */
export function addPlaceholders(doc: Document, order: readonly PreviewSection[], hidden: readonly string[]): void {
  for (const id of hidden) {
    const at = order.findIndex((section) => section.id === id);
    if (at < 0 || rendered(doc, id)) continue;
    const box = doc.createElement('section');
    box.dataset.sectionId = id;
    box.dataset.editorPlaceholder = '';
    box.setAttribute('style', STYLE);
    const name = doc.createElement('strong');
    name.textContent = order[at]!.label;
    box.append(name, ' will show here once the fields marked in the form are filled in.');
    const next = order.slice(at + 1).map((section) => rendered(doc, section.id)).find(Boolean);
    const previous = order.slice(0, at).reverse().map((section) => rendered(doc, section.id)).find(Boolean);
    if (next) next.before(box);
    else if (previous) previous.after(box);
    else (doc.querySelector('main') ?? doc.body).append(box);
  }
}
