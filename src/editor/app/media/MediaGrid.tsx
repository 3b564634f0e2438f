/** The library's images: a tile each (click to choose), where it is used, and Rename…/Delete… when the editor offers them. */
import type { AssetDetails } from '../../../server/asset-details';
import { filenameOf, formatBytes, type Usage } from '../../lib/media';
import { describeAsset, GPS_TILE_NOTE } from './useAssetDetails';

interface GridProps {
  urls: readonly string[];
  currentUrl: string;
  /** Cache-busters for thumbnails of replaced images. */
  versions: Readonly<Record<string, number>>;
  usage: ReadonlyMap<string, Usage[]>;
  /** Each image's pixels, bytes and GPS flag, once loaded. */
  details: ReadonlyMap<string, AssetDetails> | null;
  onChoose(url: string): void;
  onAction?(url: string, action: 'delete' | 'rename'): void;
}

export function MediaGrid({ urls, currentUrl, versions, usage, details, onChoose, onAction }: GridProps) {
  return (
    <ul className="media-grid" aria-label="Images">
      {urls.map((url) => (
        <li key={url} className="media-item">
          <button type="button" className="media-tile" aria-current={url === currentUrl ? 'true' : undefined} onClick={() => onChoose(url)}>
            <img className="media-tile-image" src={versions[url] ? `${url}?v=${versions[url]}` : url} alt="" loading="lazy" decoding="async" draggable={false} />
            <span className="media-tile-name" title={filenameOf(url)}>
              {filenameOf(url)}
            </span>
            {url === currentUrl && (
              <span className="media-tile-check" aria-hidden="true">
                ✓
              </span>
            )}
          </button>
          {details?.get(url) && <AssetFacts details={details.get(url)!} />}
          <UsageNote usages={usage.get(url) ?? []} />
          {onAction && <ImageActions url={url} onAction={(action) => onAction(url, action)} />}
        </li>
      ))}
    </ul>
  );
}

/** Size and weight under the tile (outside its button, whose name stays the file's), and a note when it records a GPS position. */
function AssetFacts({ details }: { details: AssetDetails }) {
  return (
    <p className="media-tile-details">
      {describeAsset(details, formatBytes)}
      {details.hasGps && <span className="media-tile-gps">{GPS_TILE_NOTE}</span>}
    </p>
  );
}

/** Rename and delete, per image: each asks first, in a dialog over the library. */
function ImageActions({ url, onAction }: { url: string; onAction(action: 'delete' | 'rename'): void }) {
  const name = filenameOf(url);
  return (
    <div className="media-item-actions">
      <button type="button" className="btn btn-ghost btn-small" onClick={() => onAction('rename')} aria-label={`Rename ${name}`}>
        Rename…
      </button>
      <button type="button" className="btn btn-ghost btn-small btn-danger" onClick={() => onAction('delete')} aria-label={`Delete ${name}`}>
        Delete…
      </button>
    </div>
  );
}

function UsageNote({ usages }: { usages: Usage[] }) {
  if (usages.length === 0) return <p className="media-usage media-usage-none">Not used</p>;
  return (
    <details className="media-usage">
      <summary>
        Used in {usages.length} {usages.length === 1 ? 'place' : 'places'}
      </summary>
      <ul>
        {usages.map((usage) => (
          <li key={usage.file} title={usage.paths.join('\n')}>
            <span className="media-usage-name">{usage.name}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
