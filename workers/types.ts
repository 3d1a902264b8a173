// Shared shapes between the server and the worker pool. Workers return data, never error classes:
// piscina loses Error subclasses across threads, so every task answers TaskResult.

/** Straight (not premultiplied) RGBA, row-major, 4 bytes a pixel. */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A decoded animation: frames share one size; delays are what a browser plays, in ms. */
export interface Animation {
  frames: RawImage[];
  delaysMs: number[];
}

export type TaskResult<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** What the probe learned about an upload without trusting its name or content type. */
export interface ProbeInfo {
  format: ImageFormat;
  width: number;
  height: number;
  /** Frames that carry image data (GIF); 1 for stills. */
  frames: number;
  /** Real playback length (GIF, browser delay rule); 0 for stills. */
  durationMs: number;
  /** SHA-256 of the file's bytes, hex: seeds the engine, so same inputs give the same output. */
  digest: string;
}

export interface ProbeRequest {
  path: string;
  /** Formats this field accepts; anything else is `invalid`. */
  accept: ImageFormat[];
  /** The upload's bytes when the server held it in memory: probed as they are, then written to `path` if valid. */
  held?: Uint8Array;
  /** A spare file to move to `path` and write `held` over (no new inode), if the server has one. */
  spare?: string;
}

/** Probe failures: `invalid` = not a (complete, allowed, in-limits) image. */
export type ProbeResult = TaskResult<ProbeInfo>;
