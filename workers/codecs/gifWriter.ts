// A GIF89a file of indexed frames: the logical screen with the first frame's colour table as the
// global one, a loop-forever NETSCAPE2.0 extension, then per frame a graphic control extension,
// an image descriptor (with a local table when the frame brings its own) and its LZW data.
import { ByteSink, lzwEncode } from './lzw.ts';

export interface GifFrameOptions {
  /** RGB entries; the first frame's is the global table, a later frame's its local one. */
  palette?: readonly (readonly number[])[];
  delayCs: number;
  /** The index drawn as see-through, or -1. */
  transparentIndex: number;
  /** Disposal method: 1 keep, 2 restore to background. */
  dispose: number;
  /** An earlier frame with the same indices: its image data is copied rather than compressed again. */
  repeats?: number;
}

/** Bits of a colour table holding `length` entries (2 to 256, a power of two). */
const tableBits = (length: number): number => Math.max(Math.ceil(Math.log2(length)), 1);

function writeTable(out: ByteSink, palette: readonly (readonly number[])[]): void {
  const entries = 1 << tableBits(palette.length);
  out.reserve(entries * 3);
  for (let i = 0; i < entries; i++) {
    const c = palette[i] ?? [0, 0, 0];
    out.byte(c[0]!), out.byte(c[1]!), out.byte(c[2]!);
  }
}

export class GifWriter {
  private readonly out: ByteSink;
  private frames = 0;
  /** Where each frame's image data lies in the file, [start, end). */
  private readonly data: [number, number][] = [];

  /** `capacity`: the bytes expected, so the file rarely grows. */
  constructor(private readonly width: number, private readonly height: number, capacity: number) {
    this.out = new ByteSink(capacity);
    for (const c of 'GIF89a') this.out.byte(c.charCodeAt(0));
  }

  /** One frame of `width` x `height` palette indices (each below 256). */
  frame(index: Uint8Array, opts: GifFrameOptions): void {
    const { out, width, height } = this;
    const first = this.frames++ === 0;
    if (first) {
      if (!opts.palette) throw new RangeError('Expected a palette with the first frame');
      out.u16(width), out.u16(height);
      // A global table, 8 bits of colour resolution, unsorted; background 0, no aspect ratio.
      out.byte(0x80 | (7 << 4) | (tableBits(opts.palette.length) - 1)), out.byte(0), out.byte(0);
      writeTable(out, opts.palette);
      // Loop forever.
      out.byte(0x21), out.byte(0xff), out.byte(11);
      for (const c of 'NETSCAPE2.0') out.byte(c.charCodeAt(0));
      out.byte(3), out.byte(1), out.u16(0), out.byte(0);
    }
    const transparent = opts.transparentIndex >= 0;
    out.byte(0x21), out.byte(0xf9), out.byte(4);
    out.byte(((opts.dispose & 7) << 2) | (transparent ? 1 : 0));
    out.u16(opts.delayCs);
    out.byte(transparent ? opts.transparentIndex : 0), out.byte(0);
    const local = !first && opts.palette;
    out.byte(0x2c), out.u16(0), out.u16(0), out.u16(width), out.u16(height);
    out.byte(local ? 0x80 | (tableBits(local.length) - 1) : 0);
    if (local) writeTable(out, local);
    const start = out.at;
    const earlier = opts.repeats === undefined ? undefined : this.data[opts.repeats];
    if (earlier) {
      out.reserve(earlier[1] - earlier[0]);
      out.bytes.copyWithin(out.at, earlier[0], earlier[1]);
      out.at += earlier[1] - earlier[0];
    } else lzwEncode(index, out);
    this.data.push([start, out.at]);
  }

  /** The file, with its trailer. */
  finish(): Uint8Array {
    this.out.byte(0x3b);
    return this.out.bytes.subarray(0, this.out.at);
  }
}
