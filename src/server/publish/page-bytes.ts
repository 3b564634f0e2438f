/** A rendered page's bytes as publishing passes them around: whole, or as the pieces it is put together from (page-styles.ts). */

/** A page's UTF-8 bytes: one buffer, or pieces in order (splicedPieces, page-styles.ts). */
export type PageBytes = Buffer<ArrayBuffer> | readonly Buffer<ArrayBuffer>[];

/** A page as one buffer: `page` itself when it is one already. */
export function joinedPage(page: PageBytes): Buffer<ArrayBuffer> {
  if (Buffer.isBuffer(page)) return page;
  return page.length === 1 ? page[0]! : (Buffer.concat(page) as Buffer<ArrayBuffer>);
}
