/**
 * Which tabs with unsaved changes a sideways-scrolled row of tabs hides, nearest first on each side.
 * A tab's dot is the only sign of its unsaved changes, and a tab scrolled out of the sidebar took it
 * out of sight (QA); the row then marks its edge (ContentNav). Pure: it takes the boxes measured.
 */
export interface TabBox<Name extends string = string> {
  name: Name;
  left: number;
  right: number;
  dirty: boolean;
}

export interface HiddenDirtyTabs<Name extends string = string> {
  /** The nearest such tab scrolled out on the row's left, if any (its start, unless the text runs right to left). */
  left: Name | null;
  /** The nearest one out on the right, if any. */
  right: Name | null;
}

/**
 * `row`: the row's visible part; `tabs` in any order. A tab counts as hidden unless it shows whole
 * (half a pixel allowed for rounding).
 */
export function hiddenDirtyTabs<Name extends string>(row: { left: number; right: number }, tabs: readonly TabBox<Name>[]): HiddenDirtyTabs<Name> {
  let left: Name | null = null;
  let right: Name | null = null;
  for (const tab of [...tabs].sort((a, b) => a.left - b.left)) {
    if (!tab.dirty) continue;
    if (tab.left < row.left - 0.5) left = tab.name; // the last one out on the left is the nearest
    else if (tab.right > row.right + 0.5 && right === null) right = tab.name;
  }
  return { left, right };
}
