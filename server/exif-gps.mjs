// Whether an image's EXIF block records where it was taken. The block is the one sharp's
// metadata() returns; exif-reader parses it (a real TIFF/IFD parser, not a byte search).
// Plain JavaScript so the production server can load it without a build step.
import exifReader from 'exif-reader';

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
