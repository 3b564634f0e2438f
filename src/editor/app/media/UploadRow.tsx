/** One queued upload: its name to check (ready), its progress (uploading), a name conflict to resolve, or why it was refused. */
import { filenameProblem, formatBytes } from '../../lib/media';
import { canSendAgain, type UploadItem } from '../../lib/uploads';

export function UploadRow({ item, uid, onRename, onUpload, onReplace, onNewName, onRemove }: {
  item: UploadItem;
  uid: string;
  onRename(name: string): void;
  onUpload(): void;
  onReplace(): void;
  onNewName(): void;
  onRemove(): void;
}) {
  const nameId = `${uid}-name-${item.id}`;
  const problem = item.status === 'ready' ? filenameProblem(item.name, item.file.type) : null;
  // Refused by the server under this name: Upload waits for a new name (or Cancel), not the same refusal again.
  const blocked = Boolean(problem) || !canSendAgain(item);
  return (
    <li className={`media-upload is-${item.status}`}>
      {item.preview && <img className="media-upload-thumb" src={item.preview} alt="" />}
      <div className="media-upload-body">
        {item.status === 'ready' && (
          <form
            className="media-upload-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!blocked) onUpload();
            }}
          >
            <label className="field-label" htmlFor={nameId}>
              File name
            </label>
            <div className="media-upload-line">
              <input
                id={nameId}
                className="input mono"
                value={item.name}
                spellCheck={false}
                autoComplete="off"
                aria-invalid={problem ? true : undefined}
                aria-describedby={`${nameId}-hint${problem ? ` ${nameId}-problem` : ''}${item.message ? ` ${nameId}-message` : ''}`}
                onChange={(event) => onRename(event.target.value.trim())}
              />
              <button type="submit" className="btn btn-primary btn-small" disabled={blocked}>
                Upload
              </button>
              <button type="button" className="btn btn-small" onClick={onRemove}>
                Cancel
              </button>
            </div>
            <p className="field-hint" id={`${nameId}-hint`}>
              {item.file.name} · {formatBytes(item.file.size)}
            </p>
            {problem && (
              <p className="field-error" id={`${nameId}-problem`}>
                {problem}
              </p>
            )}
            {item.message && (
              <p className="field-error" id={`${nameId}-message`} role="alert">
                {item.message}
              </p>
            )}
          </form>
        )}
        {item.status === 'uploading' && (
          <div className="media-upload-progress">
            <label className="media-upload-label" htmlFor={`${nameId}-progress`}>
              Uploading {item.name}
            </label>
            <div className="media-upload-line">
              <progress id={`${nameId}-progress`} max={100} value={Math.round(item.progress * 100)}>
                {Math.round(item.progress * 100)}%
              </progress>
              <span className="media-upload-percent" aria-hidden="true">
                {Math.round(item.progress * 100)}%
              </span>
              <button type="button" className="btn btn-small" onClick={onRemove}>
                Cancel
              </button>
            </div>
          </div>
        )}
        {item.status === 'conflict' && (
          <div className="media-upload-conflict">
            <p className="field-error" role="alert">
              {item.message}
            </p>
            <div className="media-upload-line">
              <button type="button" className="btn btn-small btn-primary-soft" onClick={onNewName}>
                Use a new name
              </button>
              {item.replaceable !== false && (
                <button type="button" className="btn btn-small btn-danger" onClick={onReplace}>
                  Replace
                </button>
              )}
              <button type="button" className="btn btn-small" onClick={onRemove}>
                Cancel
              </button>
            </div>
            {item.replaceable !== false && <p className="field-hint">Replacing changes the image everywhere it is used.</p>}
          </div>
        )}
        {item.status === 'rejected' && (
          <div className="media-upload-line">
            <p className="field-error" role="alert">
              {item.message}
            </p>
            <button type="button" className="btn btn-small" onClick={onRemove}>
              Dismiss
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
