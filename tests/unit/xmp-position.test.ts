/**
 * A position kept in XMP alone (exif:GPSLatitude/GPSLongitude, as photo tools write them) counts as
 * one (server/exif-gps.mjs): an upload is stored without it, and the library warns of an original
 * on disk with it. A review uploaded such a JPEG, and it was stored with its position.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { recordsPosition, xmpHasPosition } from '../../server/exif-gps.mjs';
import { withoutLocation } from '../../src/server/upload-location';

const packet = (description: string) =>
  `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">${description}</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
const AS_ATTRIBUTES = packet('<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="59,19.0N" exif:GPSLongitude="18,4.0E"/>');
const AS_ELEMENTS = packet('<rdf:Description rdf:about="" xmlns:e="http://ns.adobe.com/exif/1.0/"><e:GPSLatitude>59,19.0N</e:GPSLatitude><e:GPSLongitude>18,4.0E</e:GPSLongitude></rdf:Description>');
const NO_POSITION = packet('<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSAltitude="12/1"><dc:title>Beach</dc:title></rdf:Description>');
const OTHER_NAMESPACE = packet('<rdf:Description rdf:about="" xmlns:exif="http://example.com/not-exif/" exif:GPSLatitude="1" exif:GPSLongitude="2"/>');

describe('xmpHasPosition', () => {
  it('finds a latitude and longitude in the EXIF namespace, as attributes or as elements, under any prefix', () => {
    expect(xmpHasPosition(Buffer.from(AS_ATTRIBUTES))).toBe(true);
    expect(xmpHasPosition(Buffer.from(AS_ELEMENTS))).toBe(true);
  });

  it('finds none without both, in another namespace, or with no XMP', () => {
    expect(xmpHasPosition(Buffer.from(NO_POSITION))).toBe(false);
    expect(xmpHasPosition(Buffer.from(OTHER_NAMESPACE))).toBe(false);
    expect(xmpHasPosition(undefined)).toBe(false);
    expect(recordsPosition({})).toBe(false);
  });

  it('takes a packet that does not parse as recording one: what it holds cannot be told', () => {
    expect(xmpHasPosition(Buffer.from('<x:xmpmeta><unclosed'))).toBe(true);
  });
});

describe('an upload whose XMP alone records where it was taken', () => {
  it('is stored without its metadata, and one whose XMP records no position byte for byte', async () => {
    const image = sharp({ create: { width: 32, height: 24, channels: 3, background: '#3a7' } });
    const located = await image.clone().jpeg().withXmp(AS_ATTRIBUTES).toBuffer();
    expect(recordsPosition(await sharp(located).metadata())).toBe(true);
    const stored = await withoutLocation(located, 'jpeg');
    expect(stored.locationRemoved).toBe(true);
    const kept = await sharp(stored.bytes).metadata();
    expect(kept.xmp).toBeUndefined();
    expect(recordsPosition(kept)).toBe(false);
    const plain = await image.clone().jpeg().withXmp(NO_POSITION).toBuffer();
    expect(await withoutLocation(plain, 'jpeg')).toEqual({ bytes: plain, locationRemoved: false });
  });
});
