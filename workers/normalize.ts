// The normalize task: a picture a provider returned (a model API's PNG, JPEG or WebP) made into the
// file the local engine would have written: decoded once (same limits as uploads), fitted into
// width x height keeping its aspect (scaled up or down), centred on transparency, encoded as PNG.
// So image.png is always a valid PNG of the spec'd size, whatever the remote sent.
import { readFile, writeFile } from 'node:fs/promises';
import { decodeStill } from './codecs/decode.ts';
import { detectFormat } from './codecs/detect.ts';
import { encodePng } from './codecs/encode.ts';
import { resizeTo } from './kernels/resize.ts';
import type { RawImage, TaskResult } from './types.ts';

export interface NormalizeRequest {
  /** The picture as received. */
  input: string;
  /** Where the PNG goes. */
  output: string;
  width: number;
  height: number;
}

export async function normalize(req: NormalizeRequest): Promise<TaskResult<{ width: number; height: number }>> {
  try {
    const bytes = await readFile(req.input);
    const format = detectFormat(bytes);
    if (!format || format === 'gif') return { ok: false, code: 'invalid', message: 'the picture is not a PNG, JPEG or WebP image' };
    const image = await decodeStill(bytes, format);
    const scale = Math.min(req.width / image.width, req.height / image.height);
    const w = Math.max(1, Math.min(req.width, Math.round(image.width * scale)));
    const h = Math.max(1, Math.min(req.height, Math.round(image.height * scale)));
    const fitted = resizeTo(image, w, h, 'smooth');
    const out = centre(fitted, req.width, req.height);
    await writeFile(req.output, await encodePng(out));
    return { ok: true, value: { width: req.width, height: req.height } };
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    return { ok: false, code: 'invalid', message: `the picture could not be decoded (${text.split('\n', 1)[0]?.slice(0, 120)})` };
  }
}

function centre(img: RawImage, width: number, height: number): RawImage {
  if (img.width === width && img.height === height) return img;
  const data = new Uint8Array(width * height * 4);
  const x0 = Math.floor((width - img.width) / 2);
  const y0 = Math.floor((height - img.height) / 2);
  for (let y = 0; y < img.height; y++) {
    data.set(img.data.subarray(y * img.width * 4, (y + 1) * img.width * 4), ((y0 + y) * width + x0) * 4);
  }
  return { data, width, height };
}
