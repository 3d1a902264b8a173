// A request as a game writes it: the client's fields for one job kind, where every file field may
// also be a texture key, a texture frame, a URL, a canvas or an image. Those are turned into PNG or
// fetched bytes here, just before the upload.
import type { FieldsOf, FileInput, KindName } from '../../client/index.ts';

/** Anything the plugin can upload as an image. A string is a texture key when the scene has one by that name, else a URL. */
export type SpriteSource =
  | FileInput
  | string
  | { texture: string; frame?: string | number }
  | HTMLCanvasElement
  | HTMLImageElement;

type Sourced<T> = T extends FileInput ? SpriteSource : T extends readonly FileInput[] ? SpriteSource[] : T;

export type SpritekilnFields<K extends KindName> = { [F in keyof FieldsOf<K>]: Sourced<FieldsOf<K>[F]> };

export interface SpritekilnRequest<K extends KindName = KindName> {
  /** The kind, as the server names it ('zenith', 'make-sprite/v2', 'effect/v1', ...) or by an earlier name ('make-sprite', 'effect-v1'). */
  kind: K;
  fields: SpritekilnFields<K>;
  /** Cancels the upload and the wait (the job itself still runs on the server). */
  signal?: AbortSignal;
}

type OpenApi = { paths?: Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { format?: string; items?: { format?: string } }> } }> } } }> };

/** Per server: its /openapi.json, read once, for which fields of each endpoint hold files. */
const documents = new Map<string, Promise<OpenApi>>();

/**
 * The fields of the endpoint at `path` (under /public/v1) that hold files, as the server describes
 * them: a kind the server adds needs no plugin change to have its images uploaded.
 */
export async function fileFields(serverUrl: string, path: string, signal?: AbortSignal): Promise<Set<string>> {
  const base = serverUrl.replace(/\/+$/, '');
  let doc = documents.get(base);
  if (!doc) {
    doc = fetch(`${base}/openapi.json`, { signal }).then((r) => {
      if (!r.ok) throw new Error(`spritekiln: ${base}/openapi.json answered ${r.status}`);
      return r.json() as Promise<OpenApi>;
    });
    documents.set(base, doc);
    doc.catch(() => documents.delete(base));
  }
  const props = (await doc).paths?.[`/public/v1${path}`]?.post?.requestBody?.content?.['multipart/form-data']?.schema?.properties ?? {};
  return new Set(Object.entries(props).filter(([, p]) => p.format === 'binary' || p.items?.format === 'binary').map(([name]) => name));
}

/** The request's fields with every SpriteSource in a file field (`files`) made into an uploadable file. */
export async function resolveFields<K extends KindName>(
  textures: Phaser.Textures.TextureManager,
  request: SpritekilnRequest<K>,
  files: ReadonlySet<string>,
): Promise<FieldsOf<K>> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(request.fields as Record<string, unknown>)) {
    if (!files.has(name) || value === undefined) out[name] = value;
    else if (Array.isArray(value)) out[name] = await Promise.all(value.map((v: SpriteSource) => toFile(textures, v, request.signal)));
    else out[name] = await toFile(textures, value as SpriteSource, request.signal);
  }
  return out as FieldsOf<K>;
}

async function toFile(textures: Phaser.Textures.TextureManager, source: SpriteSource, signal?: AbortSignal): Promise<FileInput> {
  if (source instanceof Blob) return source;
  if (typeof source === 'string') {
    return textures.exists(source) ? fromTexture(textures, source) : fromUrl(source, signal);
  }
  if (typeof HTMLCanvasElement !== 'undefined' && source instanceof HTMLCanvasElement) return fromCanvas(source, 'canvas.png');
  if (typeof HTMLImageElement !== 'undefined' && source instanceof HTMLImageElement) {
    const canvas = document.createElement('canvas');
    canvas.width = source.naturalWidth;
    canvas.height = source.naturalHeight;
    canvas.getContext('2d')!.drawImage(source, 0, 0);
    return fromCanvas(canvas, 'image.png');
  }
  if ('data' in source && 'name' in source) return source;
  if ('texture' in source) {
    if (!textures.exists(source.texture)) throw new Error(`spritekiln: no texture "${source.texture}" to upload`);
    return fromTexture(textures, source.texture, source.frame);
  }
  throw new TypeError('spritekiln: a file field takes a Blob, { data, name }, a texture key, { texture, frame }, a URL, a canvas or an image');
}

/** A texture (or one frame of it) as PNG, through Phaser's own TextureManager#getBase64. */
async function fromTexture(textures: Phaser.Textures.TextureManager, key: string, frame?: string | number): Promise<File> {
  const dataUrl = textures.getBase64(key, frame, 'image/png');
  if (!dataUrl) throw new Error(`spritekiln: texture "${key}" cannot be read back (a WebGL-only texture?)`);
  const blob = await (await fetch(dataUrl)).blob();
  return new File([blob], `${key}.png`, { type: 'image/png' });
}

async function fromUrl(url: string, signal?: AbortSignal): Promise<File> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`spritekiln: ${url} answered ${res.status}; a string file field is a texture key or a URL`);
  const blob = await res.blob();
  const name = decodeURIComponent(new URL(url, document.baseURI).pathname.split('/').pop() || 'upload');
  return new File([blob], name, { type: blob.type });
}

function fromCanvas(canvas: HTMLCanvasElement, name: string): Promise<File> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(new File([blob], name, { type: 'image/png' })) : reject(new Error('spritekiln: canvas could not be encoded'))), 'image/png'),
  );
}
