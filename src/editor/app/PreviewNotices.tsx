/** What the preview says above the page when it cannot show the latest version: a problem in the form, no server, or parts held back. */

interface Props {
  /** Why the last render failed, if it did. */
  error: string | null;
  /** It never reached the server (the connection, not the content). */
  unreachable: boolean;
  /** Nothing of this page has been shown yet: the frame is empty, not an earlier version. */
  nothingShown: boolean;
  /** Sections shown as last saved, for a problem in the form. */
  heldBack: number;
}

export function PreviewNotices({ error, unreachable, nothingShown, heldBack }: Props) {
  return (
    <>
      {error && (
        <div className="preview-error" role="status">
          {unreachable ? (
            <>
              <strong>The preview cannot reach the server{nothingShown ? '' : ', so it shows the last version it could'}.</strong> Your edits are kept; it follows them again once the connection is back.{' '}
            </>
          ) : (
            <>
              {nothingShown ? <strong>This page cannot be shown until its problem is fixed.</strong> : <strong>The preview shows the last version it could.</strong>} Fix what the form marks and it follows again.{' '}
            </>
          )}
          <details className="preview-error-detail">
            <summary>Details</summary>
            {error}
          </details>
        </div>
      )}
      {!error && heldBack > 0 && (
        <div className="preview-error preview-held-back" role="status">
          {heldBack === 1 ? 'A part with a problem shows as it was last saved' : `${heldBack} parts with problems show as they were last saved`} (a new section as a placeholder, a new image left out) until the form’s marked fields are fixed.
        </div>
      )}
    </>
  );
}
