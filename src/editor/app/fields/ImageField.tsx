/**
 * The image kind: a thumbnail, "Choose image" (the media library), and the
 * URL and alt text fields. A newly chosen image starts with empty alt text,
 * and focus moves to it: the old image's description would now be wrong.
 * Below them: the image's size and weight, a warning when it records a GPS
 * position, and its focal point (FocalPoint.tsx).
 */
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { filenameOf, formatBytes } from '../../lib/media';
import { FieldsetLegend } from '../FieldsetLegend';
import { MediaLibrary } from '../lazy-dialogs';
import { describeAsset, GPS_WARNING, useAssetDetails, useMissingUpload } from '../media/useAssetDetails';
import { isPageAddress } from '../../lib/image-url';
import { Field } from './Field';
import { AbsentField } from './parts';
import { FocalPoint } from './FocalPoint';
import type { WidgetProps } from './types';

/** The children this widget lays out itself; any other the schema adds gets its own field below. */
const FIELDS_SHOWN_ABOVE = new Set(['url', 'alt', 'focusX', 'focusY']);

export function ImageField({ spec, value, path, context, error }: WidgetProps) {
  const [picking, setPicking] = useState(false);
  const [focusAlt, setFocusAlt] = useState(false);
  const altRef = useRef<HTMLDivElement>(null);
  // After "Enter URL", focus goes to the new URL field (the button it was on is gone).
  const [focusUrl, setFocusUrl] = useState(false);
  const urlRef = useRef<HTMLDivElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  const url = typeof record?.url === 'string' ? record.url : '';
  const media = context.media;
  const uploads = useAssetDetails();
  const details = uploads?.get(url);
  const missing = useMissingUpload(uploads, url);

  // When the picker closes: after a new image, focus goes to its alt text; else back to the button.
  useEffect(() => {
    if (picking) {
      returnFocus.current = true;
      return;
    }
    if (focusUrl && record) {
      setFocusUrl(false);
      requestAnimationFrame(() => urlRef.current?.querySelector<HTMLElement>('input')?.focus());
    } else if (focusAlt && record) {
      setFocusAlt(false);
      returnFocus.current = false;
      requestAnimationFrame(() => altRef.current?.querySelector<HTMLElement>('input, textarea')?.focus());
    } else if (returnFocus.current) {
      returnFocus.current = false;
      requestAnimationFrame(() => chooseRef.current?.focus());
    }
  }, [picking, focusAlt, focusUrl, record]);

  const select = useCallback(
    (next: string) => {
      const replaced = next !== url;
      const alt = !replaced && typeof record?.alt === 'string' ? record.alt : '';
      context.onChange(path, { ...record, url: next, alt });
      if (!alt.trim()) setFocusAlt(true);
    },
    [record, url, context, path],
  );

  const picker = picking && media && (
    <Suspense fallback={null}>
      <MediaLibrary currentUrl={url} maxUploadBytes={media.maxUploadBytes} whereUsed={media.whereUsed} manageImage={media.manageImage} onSelect={select} onClose={() => setPicking(false)} />
    </Suspense>
  );
  const chooseButton = media && (
    <button ref={chooseRef} type="button" className="btn btn-small" onClick={() => setPicking(true)}>
      Choose image
    </button>
  );

  // The picker stays the fragment's second child, so it is not remounted when the first image is chosen.
  if (!record) {
    return (
      <>
        <AbsentField spec={spec} error={error} className="media-absent">
          <span className="media-absent-actions">
            {chooseButton}
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                context.onChange(path, { url: '', alt: '' });
                setFocusUrl(true);
              }}
            >
              Enter URL
            </button>
          </span>
        </AbsentField>
        {picker}
      </>
    );
  }

  const children = spec.children ?? [];
  const child = (key: string) => {
    const childSpec = children.find((candidate) => candidate.key === key);
    return childSpec && <Field key={key} spec={childSpec} value={record[key]} path={[...path, key]} context={context} />;
  };
  return (
    <>
      <fieldset className="fieldset fieldset-image">
        <FieldsetLegend spec={spec} path={path} context={context} />
        <div className="media-field">
          {url ? <img className="media-field-thumb" src={url} alt="" width={96} height={64} /> : <span className="media-field-thumb media-field-none" aria-hidden="true" />}
          <div className="media-field-side">
            <span className="media-field-name" title={url || undefined}>
              {url ? filenameOf(url) : 'No image chosen'}
            </span>
            {chooseButton}
          </div>
        </div>
        {error && <p className="field-error">{error}</p>}
        <div ref={urlRef}>{child('url')}</div>
        {isPageAddress(url) && (
          <p className="notice notice-warning notice-stacked media-field-page" role="status">
            This is the address of a page, not of an image: visitors would see a broken image. Choose the image from the library.
          </p>
        )}
        {missing && (
          <p className="notice notice-warning notice-stacked media-field-missing" role="status">
            No uploaded image has this address: visitors would see a broken image. Check the spelling, or choose the image from the library.
          </p>
        )}
        <div ref={altRef}>{child('alt')}</div>
        {details && <p className="field-hint media-field-details">{describeAsset(details, formatBytes)}</p>}
        {details?.hasGps && (
          <p className="notice notice-warning media-field-gps" role="status">
            {GPS_WARNING}
          </p>
        )}
        {url && (
          <FocalPoint
            url={url}
            focusX={typeof record.focusX === 'number' ? record.focusX : undefined}
            focusY={typeof record.focusY === 'number' ? record.focusY : undefined}
            onChange={(focus) => {
              const { focusX: _x, focusY: _y, ...rest } = record;
              context.onChange(path, { ...rest, ...focus });
            }}
          />
        )}
        {children.filter((other) => !FIELDS_SHOWN_ABOVE.has(other.key)).map((other) => child(other.key))}
      </fieldset>
      {picker}
    </>
  );
}
