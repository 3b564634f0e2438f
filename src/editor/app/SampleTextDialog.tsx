/**
 * Asks before a save shows visitors sample text they do not have yet (a new FAQ's "What is the
 * question?" on a published page): it names each page or entry and its fields, and offers to go
 * to the first of them, to save anyway, or to cancel. The first choice has the focus, so Enter
 * never publishes by reflex; Escape cancels.
 */
import type { ProblemLocation } from '../lib/problems';
import type { StarterGoingPublic } from '../lib/starter-going-public';
import { Dialog } from './dialogs';

/** Fields named per document; a longer list ends with how many more there are. */
const MAX_FIELDS = 6;

interface Props {
  documents: readonly StarterGoingPublic[];
  onGoTo(location: ProblemLocation): void;
  onSaveAnyway(): void;
  onClose(): void;
}

export function SampleTextDialog({ documents, onGoTo, onSaveAnyway, onClose }: Props) {
  const count = documents.reduce((sum, document) => sum + document.fields.length, 0);
  const one = count === 1;
  const first = documents[0]?.fields[0];
  return (
    <Dialog title="Show visitors the sample text?" onClose={onClose}>
      <p>
        Visitors see what you save at once, and {one ? 'this field still has' : `these ${count} fields still have`} the sample text {one ? 'it' : 'they'} came with:
      </p>
      <ul className="sample-text-list">
        {documents.map((document) => (
          <li key={document.file}>
            <strong>{document.name}</strong>
            <ul>
              {document.fields.slice(0, MAX_FIELDS).map((field) => (
                <li key={`${field.location.section}.${field.location.field}`}>{field.label}</li>
              ))}
              {document.fields.length > MAX_FIELDS && <li>and {document.fields.length - MAX_FIELDS} more</li>}
            </ul>
          </li>
        ))}
      </ul>
      <p>Replace it with your own words first, or save anyway if it is what visitors should read.</p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn" onClick={onSaveAnyway}>
          Save anyway
        </button>
        {first && (
          <button type="button" className="btn btn-primary" onClick={() => onGoTo(first.location)} data-autofocus>
            Go to {one ? 'the field' : 'the first field'}
          </button>
        )}
      </div>
    </Dialog>
  );
}
