// GIF reading in three steps, each bounded before the next one spends anything:
//   1. readGifStructure: walk the block structure (no pixel is decompressed) and reject sizes over
//      MAX_IMAGE_SIDE, broken blocks and truncation; stop counting at MAX_GIF_FRAMES + 1 frames.
//      After the last complete image it ends the file as browsers do (see readGifStructure).
//   2. verifyGifData: run every frame's LZW stream in counting mode: proves each frame yields exactly
//      width*height indices, in time proportional to the file's size, allocating nothing per pixel.
//   3. gifFrames/decodeGif: composite the frames onto the logical screen (disposal, transparency),
//      each picture a loop repeats decoded once (see KEPT_BYTES).
// gifuct-js is not used on uploads: its LZW allocates a JS array of width*height entries before it
// reads a byte of data (a 62-byte GIF claiming 20000x20000 exhausts the heap and aborts the process,
// even in a worker thread), and it pads a short stream with zeros, so a truncated frame looks whole.
import { MAX_GIF_FRAMES, MAX_IMAGE_SIDE } from '../limits.ts';
import type { Animation, RawImage } from '../types.ts';
import { lzwDecode } from './lzw.ts';
import { hashBytes } from '../kernels/random.ts';
import { Pictures } from '../kernels/twins.ts';

export interface GifFrameInfo {
  left: number;
  top: number;
  width: number;
  height: number;
  /** Delay as written in the frame's Graphic Control Extension, in centiseconds (0 without one). */
  delayCs: number;
  /** Delay a browser plays (see browserDelayMs). */
  delayMs: number;
  /**
   * 0/1 keep, 2 clear the frame's rectangle to transparent, 3 restore what was under it. Some
   * encoders write restoring as 4 (the field's third bit): it is read as 3, as Chromium and Firefox
   * read it; 5-7, undefined, keep.
   */
  disposal: number;
  transparentIndex: number | undefined;
  interlaced: boolean;
  /** The frame's local colour table, else the global one: byte offset of the RGB triples, entries. */
  colorTable: { offset: number; entries: number };
  minCodeSize: number;
  /** Offset of the first sub-block length byte of the frame's LZW data. */
  dataOffset: number;
  /** Offset just past the LZW data's terminating empty sub-block. */
  dataEnd: number;
}

export interface GifStructure {
  /**
   * The logical screen, grown to hold the first frame where it is smaller (some encoders write 0x0),
   * as Chromium grows it: every decoded frame has this size, and later frames are clipped to it.
   */
  width: number;
  height: number;
  /** Image descriptors with their image data. Extensions (NETSCAPE loop, comments) are not frames. */
  frames: GifFrameInfo[];
  /** Sum of the frames' browser delays. */
  durationMs: number;
  /**
   * False when the walk stopped at MAX_GIF_FRAMES + 1 frames: callers only need "over the limit",
   * and a 20 MiB file of 20-byte frames would otherwise hold a million frame records.
   */
  complete: boolean;
}

/** Browsers play a delay of 0 or 1 centisecond as 10 centiseconds (docs/contract.md §2). */
export function browserDelayMs(delayCs: number): number {
  return (delayCs <= 1 ? 10 : delayCs) * 10;
}

const TRAILER = 0x3b;
const EXTENSION = 0x21;
const IMAGE_DESCRIPTOR = 0x2c;
const GRAPHIC_CONTROL = 0xf9;

/**
 * Step 1: the block structure, checked against the limits before any pixel is decompressed.
 *
 * Where a block should start, the file ends at the trailer (0x3B) and also, once an image has been
 * read, at the end of the data (no trailer) or at a byte that starts no block (padding zeros, junk):
 * Chromium (Skia's SkGifImageReader, Blink's GIFImageReader) and Firefox "proceed as if the file were
 * correctly terminated", so such GIFs play in every browser. Nothing else is forgiven: a block that
 * starts and is cut short (an image descriptor, its data, an extension) is truncation, and the limits
 * apply to every image read, so a lenient end never lets a bomb through.
 */
export function readGifStructure(bytes: Uint8Array): GifStructure {
  const header = String.fromCharCode(...bytes.subarray(0, 6));
  if (header !== 'GIF87a' && header !== 'GIF89a') throw new Error('gif: missing GIF87a/GIF89a signature');
  need(bytes, 13, 'logical screen descriptor');
  let width = u16(bytes, 6);
  let height = u16(bytes, 8);
  const screenFlags = bytes[10] ?? 0;
  let pos = 13;
  let globalTable: GifFrameInfo['colorTable'] | undefined;
  if (screenFlags & 0x80) {
    const entries = 2 << (screenFlags & 7);
    need(bytes, pos + 3 * entries, 'global colour table');
    globalTable = { offset: pos, entries };
    pos += 3 * entries;
  }

  const frames: GifFrameInfo[] = [];
  let durationMs = 0;
  // A Graphic Control Extension describes the next image only.
  let control = { delayCs: 0, disposal: 0, transparentIndex: undefined as number | undefined };
  for (;;) {
    // Past the last image, the end of the data or a byte that starts no block ends the file.
    const introducer = bytes[pos];
    const startsBlock = introducer === EXTENSION || introducer === IMAGE_DESCRIPTOR;
    if (frames.length > 0 && !startsBlock) return { width, height, frames, durationMs, complete: true };
    need(bytes, pos + 1, 'block (missing trailer)');
    pos++;
    if (introducer === TRAILER) throw new Error('gif: no image in the file');
    if (introducer === EXTENSION) {
      need(bytes, pos + 1, 'extension label');
      const label = bytes[pos++];
      if (label === GRAPHIC_CONTROL && (bytes[pos] ?? 0) >= 4) {
        need(bytes, pos + 5, 'graphic control extension');
        const flags = bytes[pos + 1] ?? 0;
        control = {
          delayCs: u16(bytes, pos + 2),
          disposal: ((flags >> 2) & 7) === 4 ? 3 : (flags >> 2) & 7,
          transparentIndex: flags & 1 ? bytes[pos + 4] : undefined,
        };
      }
      pos = skipSubBlocks(bytes, pos);
      continue;
    }
    if (introducer !== IMAGE_DESCRIPTOR) {
      throw new Error(`gif: unknown block 0x${(introducer ?? 0).toString(16)} at byte ${pos - 1}`);
    }
    need(bytes, pos + 9, 'image descriptor');
    const frame = { left: u16(bytes, pos), top: u16(bytes, pos + 2), width: u16(bytes, pos + 4), height: u16(bytes, pos + 6) };
    checkSize(`frame ${frames.length + 1}`, frame.width, frame.height);
    if (frames.length === 0) {
      width = Math.max(width, frame.left + frame.width);
      height = Math.max(height, frame.top + frame.height);
      checkSize('logical screen', width, height);
      if (width === 0 || height === 0) throw new Error(`gif: logical screen is ${width}x${height}`);
    }
    const flags = bytes[pos + 8] ?? 0;
    pos += 9;
    let colorTable = globalTable;
    if (flags & 0x80) {
      const entries = 2 << (flags & 7);
      need(bytes, pos + 3 * entries, 'local colour table');
      colorTable = { offset: pos, entries };
      pos += 3 * entries;
    }
    if (!colorTable) throw new Error(`gif: frame ${frames.length + 1} has no colour table`);
    need(bytes, pos + 1, 'image data');
    const minCodeSize = bytes[pos++] ?? 0;
    // The GIF spec's range: below 2 the code table starts full and widths are ambiguous; above 8
    // indices would not fit a byte (a colour table has at most 256 entries).
    if (minCodeSize < 2 || minCodeSize > 8) throw new Error(`gif: LZW minimum code size ${minCodeSize}`);
    const dataOffset = pos;
    pos = skipSubBlocks(bytes, pos);
    const delayMs = browserDelayMs(control.delayCs);
    const interlaced = (flags & 0x40) !== 0;
    frames.push({ ...frame, ...control, delayMs, interlaced, colorTable, minCodeSize, dataOffset, dataEnd: pos });
    durationMs += delayMs;
    control = { delayCs: 0, disposal: 0, transparentIndex: undefined };
    if (frames.length > MAX_GIF_FRAMES) return { width, height, frames, durationMs, complete: false };
  }
}

/** Step 2: every frame's LZW data yields exactly width*height indices (a truncated frame does not). */
export function verifyGifData(bytes: Uint8Array, gif: GifStructure): void {
  gif.frames.forEach((frame, i) => {
    const pixels = frame.width * frame.height;
    const produced = lzwDecode(bytes, frame.dataOffset, frame.minCodeSize, pixels);
    if (produced < pixels) throw new Error(`gif: frame ${i + 1} holds ${produced} of ${pixels} pixels`);
  });
}

/** Step 3: the whole animation, one full-screen RGBA frame per image. Memory: frames x screen x 4. */
export function decodeGif(bytes: Uint8Array): Animation {
  const animation: Animation = { frames: [], delaysMs: [] };
  for (const { image, delayMs, kept } of gifFrames(bytes)) {
    animation.frames.push(kept ? image : { ...image, data: image.data.slice() });
    animation.delaysMs.push(delayMs);
  }
  return animation;
}

/** A composed frame: `kept` tells whether its picture outlives the next frame (see gifFrames). */
export interface GifFrame {
  image: RawImage;
  delayMs: number;
  kept: boolean;
}

/**
 * The composited frames one at a time, for callers that scale each frame down as it comes instead
 * of holding them all at full size. The structure is checked now, before the first frame is asked for.
 * A picture the decoder keeps (see KEPT_BYTES) is yielded as the same object each time it repeats,
 * for good; one it does not keep is its canvas itself, valid until the next frame is asked for (copy
 * it to hold it), so a GIF of large frames costs one canvas, not a fresh one a frame. Read, do not write.
 */
export function gifFrames(bytes: Uint8Array): Iterable<GifFrame> {
  const gif = readGifStructure(bytes);
  if (!gif.complete) throw new Error(`gif: more than ${MAX_GIF_FRAMES} frames`);
  return compositeFrames(bytes, gif);
}

/**
 * Bytes of composed frames the decoder keeps to hand out again. A loop repeats its drawings, and a
 * frame whose image data is drawn onto the canvas it was drawn onto before gives the picture it gave
 * then: that picture is yielded again (the same object) with no LZW decode and no new memory. A frame
 * that composes to a kept picture another way is handed that picture too. Past this budget frames are
 * decoded and yielded as they come, so a large GIF read frame by frame still holds one at a time.
 */
const KEPT_BYTES = 16 << 20;

function* compositeFrames(bytes: Uint8Array, gif: GifStructure): Generator<GifFrame> {
  const { width, height } = gif;
  const canvas = new Uint8Array(width * height * 4); // browsers start from transparent, not the background colour
  const indices = new Uint8Array(Math.max(0, ...gif.frames.map((f) => f.width * f.height)));
  const kept: RawImage[] = [];
  const pictures = new Pictures((j) => kept[j]!.data);
  // What the canvas holds before a frame, exactly: '' nothing, 'k' picture k, 'k/x0,y0,x1,y1' picture
  // k with that rectangle cleared.
  let state = '';
  /** By canvas state and image data: the frame drawn so, and the picture it gave. */
  const drawn = new Map<string, { frame: GifFrameInfo; picture: number }>();
  for (const [i, frame] of gif.frames.entries()) {
    // The part of the frame on the screen (possibly empty); the rest is clipped, as browsers do.
    const [x0, y0] = [Math.min(frame.left, width), Math.min(frame.top, height)];
    const [x1, y1] = [Math.min(frame.left + frame.width, width), Math.min(frame.top + frame.height, height)];
    const under = frame.disposal === 3 ? copyRect(canvas, width, x0, y0, x1, y1) : undefined;
    const key = `${state}|${frameKey(bytes, frame)}`;
    const before = drawn.get(key);
    let picture: number;
    if (before && sameImageData(bytes, before.frame, frame)) {
      picture = before.picture;
      canvas.set(kept[picture]!.data);
    } else {
      const pixels = frame.width * frame.height;
      const produced = lzwDecode(bytes, frame.dataOffset, frame.minCodeSize, pixels, indices);
      if (produced < pixels) throw new Error(`gif: frame ${i + 1} holds ${produced} of ${pixels} pixels`);
      drawFrame(bytes, frame, indices, canvas, width, x1, y1);
      const room = (kept.length + 1) * canvas.length <= KEPT_BYTES;
      picture = pictures.find(canvas, kept.length, room);
      if (picture < 0 && room) {
        picture = kept.length;
        kept.push({ data: canvas.slice(), width, height });
      }
      if (picture >= 0) drawn.set(key, { frame, picture });
    }
    yield picture >= 0 ? { image: kept[picture]!, delayMs: frame.delayMs, kept: true } : { image: { data: canvas, width, height }, delayMs: frame.delayMs, kept: false };
    // A picture not kept is named by its frame, which no later one shares: no state repeats it.
    const shown = picture >= 0 ? String(picture) : `#${i}`;
    if (frame.disposal === 2) {
      clearRect(canvas, width, x0, y0, x1, y1);
      state = x0 === 0 && y0 === 0 && x1 === width && y1 === height ? '' : x0 < x1 && y0 < y1 ? `${shown}/${x0},${y0},${x1},${y1}` : shown;
    } else if (under) pasteRect(canvas, width, under, x0, y0, x1, y1); // back to what it was: the state before
    else state = shown;
  }
}

/** What decides a frame's pixels besides the canvas under it: its rectangle, colours and image data (hashed). */
function frameKey(bytes: Uint8Array, frame: GifFrameInfo): string {
  const { offset, entries } = frame.colorTable;
  const table = hashBytes(bytes.subarray(offset, offset + 3 * entries));
  const data = hashBytes(bytes.subarray(frame.dataOffset, frame.dataEnd));
  return `${frame.left},${frame.top},${frame.width},${frame.height},${frame.interlaced},${frame.transparentIndex},${frame.minCodeSize},${table},${data}`;
}

/** Whether two frames draw the same pixels onto the same canvas: frameKey's parts, compared in full. */
function sameImageData(bytes: Uint8Array, a: GifFrameInfo, b: GifFrameInfo): boolean {
  const same = (from: number, to: number, other: number) => Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).equals(Buffer.from(bytes.buffer, bytes.byteOffset + other, to - from));
  return a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height && a.interlaced === b.interlaced
    && a.transparentIndex === b.transparentIndex && a.minCodeSize === b.minCodeSize
    && a.colorTable.entries === b.colorTable.entries && same(a.colorTable.offset, a.colorTable.offset + 3 * a.colorTable.entries, b.colorTable.offset)
    && a.dataEnd - a.dataOffset === b.dataEnd - b.dataOffset && same(a.dataOffset, a.dataEnd, b.dataOffset);
}

function drawFrame(bytes: Uint8Array, frame: GifFrameInfo, indices: Uint8Array, canvas: Uint8Array, screenWidth: number, x1: number, y1: number): void {
  const colors = rgbaTable(bytes, frame);
  const pixels = new Uint32Array(canvas.buffer, canvas.byteOffset, canvas.length / 4);
  const rows = frame.interlaced ? interlacedRows(frame.height) : undefined;
  const transparent = frame.transparentIndex ?? -1;
  const { left, width } = frame;
  for (let streamRow = 0; streamRow < frame.height; streamRow++) {
    const y = frame.top + (rows ? rows[streamRow]! : streamRow);
    if (y >= y1) continue;
    // Row `streamRow` of the indices, placed at (left, y) on the screen.
    const from = streamRow * width - left;
    const to = y * screenWidth;
    for (let x = left; x < x1; x++) {
      const index = indices[from + x]!;
      if (index !== transparent) pixels[to + x] = colors[index]!;
    }
  }
}

/** The frame's colour table as 256 packed RGBA pixels; an index past the table's end is opaque black. */
function rgbaTable(bytes: Uint8Array, frame: GifFrameInfo): Uint32Array {
  const { offset, entries } = frame.colorTable;
  const table = new Uint8Array(256 * 4);
  for (let i = 0; i < 256; i++) {
    if (i < entries) table.set(bytes.subarray(offset + i * 3, offset + i * 3 + 3), i * 4);
    table[i * 4 + 3] = 255;
  }
  // Viewed as Uint32 in the platform's byte order, as the canvas is, so the bytes land as R, G, B, A.
  return new Uint32Array(table.buffer);
}

/** Interlaced rows arrive in four passes: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1. */
function interlacedRows(height: number): Int32Array {
  const rows = new Int32Array(height);
  let next = 0;
  for (const [start, step] of [[0, 8], [4, 8], [2, 4], [1, 2]] as const) {
    for (let y = start; y < height; y += step) rows[next++] = y;
  }
  return rows;
}

// Rectangles are clipped to the screen: x0 <= x1 <= width and y0 <= y1 <= height.
function copyRect(canvas: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const rowBytes = (x1 - x0) * 4;
  const copy = new Uint8Array(rowBytes * (y1 - y0));
  for (let y = y0; y < y1; y++) copy.set(canvas.subarray((y * width + x0) * 4, (y * width + x0) * 4 + rowBytes), (y - y0) * rowBytes);
  return copy;
}

function pasteRect(canvas: Uint8Array, width: number, copy: Uint8Array, x0: number, y0: number, x1: number, y1: number): void {
  const rowBytes = (x1 - x0) * 4;
  for (let y = y0; y < y1; y++) canvas.set(copy.subarray((y - y0) * rowBytes, (y - y0 + 1) * rowBytes), (y * width + x0) * 4);
}

function clearRect(canvas: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y++) canvas.fill(0, (y * width + x0) * 4, (y * width + x1) * 4);
}

function skipSubBlocks(bytes: Uint8Array, pos: number): number {
  for (;;) {
    need(bytes, pos + 1, 'sub-block (runs past the end)');
    const size = bytes[pos] ?? 0;
    pos += 1;
    if (size === 0) return pos;
    need(bytes, pos + size, 'sub-block (runs past the end)');
    pos += size;
  }
}

function checkSize(what: string, width: number, height: number): void {
  // The attack: a few bytes that claim a huge canvas make any decoder allocate it (docs/contract.md §2).
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new Error(`gif: ${what} is ${width}x${height}, over ${MAX_IMAGE_SIDE} on a side`);
  }
}

function need(bytes: Uint8Array, end: number, what: string): void {
  if (end > bytes.length) throw new Error(`gif: truncated in ${what}`);
}

function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}
