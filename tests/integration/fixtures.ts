/** Test files built in memory: real images, and hostile look-alikes. */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export const pixel = (format: 'png' | 'jpeg' | 'webp' | 'gif', color = '#3366ff') =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: color } })[format]().toBuffer();

/** A valid PNG whose header claims 50,000 × 50,000 pixels: a decompression bomb. */
export async function pngBomb(): Promise<Buffer> {
  const png = Buffer.from(await pixel('png'));
  // IHDR data starts at byte 16: width, height; its CRC covers type + data (bytes 12..29).
  png.writeUInt32BE(50_000, 16);
  png.writeUInt32BE(50_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A Windows executable's first bytes. */
export const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 0x41)]);

export const cleanSvg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0af"/></svg>';

export const hostileSvgs: Record<string, string> = {
  script: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  onload: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>',
  'javascript URL': '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
  'entity-hidden URL': '<svg xmlns="http://www.w3.org/2000/svg"><a href="#" xlink:title="&#106;avascript:x"><rect/></a></svg>',
  'external image': '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.test/track.png"/></svg>',
  'external use': '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="http://evil.test/x.svg#a"/></svg>',
  doctype: '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&xxe;</text></svg>',
  foreignObject: '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="https://evil.test"/></foreignObject></svg>',
  'css url': '<svg xmlns="http://www.w3.org/2000/svg"><style>rect{fill:url(https://evil.test/x)}</style><rect/></svg>',
  stylesheet: '<?xml-stylesheet href="https://evil.test/x.css"?><svg xmlns="http://www.w3.org/2000/svg"/>',
  'html polyglot': '<svg xmlns="http://www.w3.org/2000/svg"></svg><html><body><script>alert(1)</script></body></html>',
};

export const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64');
