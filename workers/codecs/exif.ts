// The one EXIF field a decoder applies to an image's size: orientation (libvips' autoOrient turns
// 5-8 by a quarter, swapping the sides).

/**
 * The Orientation tag (0x0112) of an eXIf chunk's first IFD; 1 when absent or unreadable, as libvips
 * reads it; undefined when the chunk has no byte order (libpng ignores such a chunk).
 */
export function exifOrientation(exif: Buffer): number | undefined {
  const order = exif.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  if (exif.length < 8) return 1;
  const u16 = (at: number) => (order === 'II' ? exif.readUInt16LE(at) : exif.readUInt16BE(at));
  const u32 = (at: number) => (order === 'II' ? exif.readUInt32LE(at) : exif.readUInt32BE(at));
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  if (ifd + 2 > exif.length) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > exif.length) return 1;
    if (u16(entry) === 0x0112) return u16(entry + 2) === 3 && u32(entry + 4) === 1 ? u16(entry + 8) : 1; // one SHORT
  }
  return 1;
}
