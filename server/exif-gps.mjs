// Whether an image's EXIF block (or its XMP, below) records where it was taken. The block is the one sharp's
// metadata() returns; exif-reader parses it (a real TIFF/IFD parser, not a byte search).
// Plain JavaScript so the production server can load it without a build step.
import exifReader from 'exif-reader';
import { SaxesParser } from 'saxes';

/** True when the EXIF holds a latitude and longitude; false for none, no GPS block, or a block that does not parse. */
export function hasGpsPosition(exif) {
  if (!exif || exif.length === 0) return false;
  try {
    const gps = exifReader(exif).GPSInfo;
    return Boolean(gps && gps.GPSLatitude !== undefined && gps.GPSLongitude !== undefined);
  } catch {
    return false;
  }
}

const EXIF_NS = 'http://ns.adobe.com/exif/1.0/';
const POSITION = new Set(['GPSLatitude', 'GPSLongitude']);

/**
 * True when an XMP packet (the XML sharp's metadata() returns as `xmp`) records a latitude and a
 * longitude: `exif:GPSLatitude` and `exif:GPSLongitude`, as attributes of an rdf:Description or as
 * elements, which is how photo tools write them when they keep the position in XMP alone. Parsed
 * with saxes, a namespace-aware XML parser, never searched as text. A packet that does not parse
 * counts as recording one: what it holds cannot be told, and the caller's cost of a wrong "yes"
 * (the upload is encoded again, without metadata) is small beside a position made public.
 * @param {Buffer | undefined} xmp
 */
export function xmpHasPosition(xmp) {
  if (!xmp || xmp.length === 0) return false;
  const found = new Set();
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag) => {
    if (tag.uri === EXIF_NS && POSITION.has(tag.local)) found.add(tag.local);
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.uri === EXIF_NS && POSITION.has(attribute.local) && attribute.value.trim()) found.add(attribute.local);
    }
  });
  try {
    parser.write(xmp.toString('utf8')).close();
  } catch {
    return true;
  }
  return found.size === POSITION.size;
}

/**
 * Whether an image's metadata (sharp's metadata()) records where it was taken, in its EXIF or its XMP.
 * @param {{ exif?: Buffer, xmp?: Buffer }} metadata
 */
export const recordsPosition = (metadata) => hasGpsPosition(metadata.exif) || xmpHasPosition(metadata.xmp);
