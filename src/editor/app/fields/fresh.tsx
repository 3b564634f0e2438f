/**
 * A list item or group just added ("+ Add feature") starts empty, and saying
 * "Required" under each of its fields before anything is typed scolds the
 * editor for what they are about to do. Inside a fresh scope, an empty
 * field's error waits until the field is left, or until a save is tried (the
 * save's blocked notice then names it anyway). An empty field that was
 * already empty when the form opened (a file saved that way) is not fresh,
 * and shows its error at once; so do errors about a value that was typed.
 *
 * The freshness lives with the item on screen: opening another section and
 * coming back shows every error, since the fields were left.
 */
import { createContext, useCallback, useContext, useMemo, useState, type FocusEvent, type ReactNode } from 'react';

/** Whether the form shows every error now (a save was tried and blocked). */
export const ProblemsRevealed = createContext(false);

const FreshFields = createContext<((fieldKey: string) => boolean) | null>(null);

export const isEmptyValue = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The error a field shows: none yet for an empty field of a fresh item the editor has not left. */
export function useShownError(fieldKey: string, value: unknown, error: string | undefined): string | undefined {
  const stillFresh = useContext(FreshFields);
  const revealed = useContext(ProblemsRevealed);
  if (!error || revealed || !stillFresh || !isEmptyValue(value)) return error;
  return stillFresh(fieldKey) ? undefined : error;
}

/** Wraps a fresh item's fields; a field counts as left when focus goes out of it (its control carries `data-field`). */
export function FreshScope({ fresh, children }: { fresh: boolean; children: ReactNode }) {
  // Not fresh itself (a group inside an item just added), it is as fresh as the scope around it: the outer one hears its fields being left too, as blur bubbles.
  const outer = useContext(FreshFields);
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const onBlur = useCallback((event: FocusEvent<HTMLDivElement>) => {
    const fieldKey = (event.target as HTMLElement).closest('[data-field]')?.getAttribute('data-field');
    // Focus moving inside one field (a rich text toolbar) does not leave it.
    const into = (event.relatedTarget as HTMLElement | null)?.closest('[data-field]')?.getAttribute('data-field');
    if (fieldKey && fieldKey !== into) setLeft((before) => (before.has(fieldKey) ? before : new Set(before).add(fieldKey)));
  }, []);
  const stillFresh = useMemo(() => (fresh ? (fieldKey: string) => !left.has(fieldKey) : outer), [fresh, left, outer]);
  // Always the same elements, so an item that stops being fresh keeps its fields (and their focus).
  return (
    <div className="fresh-scope" onBlur={fresh ? onBlur : undefined}>
      <FreshFields.Provider value={stillFresh}>{children}</FreshFields.Provider>
    </div>
  );
}
