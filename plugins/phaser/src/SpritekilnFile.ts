// The loader file type: `this.load.spritekiln(key, request)` in preload() asks for a generated sprite
// like any other asset. It is a MultiFile (as AsepriteFile is) that starts with one file, the job:
// when the job succeeds, the sheet PNG and sheet.json are added as an ImageFile and a JSONFile (as
// MultiAtlasFile adds its pages once its JSON is in), then the texture and the animations are made.
//
// Loader events, as Phaser emits them: `addfile`, `fileprogress` (the job's progress 0..1, on the
// file of type "spritekilnjob"), `progress`, `loaderror` (a failed job or file),
// `filecomplete` / `filecomplete-spritekiln-<key>` once texture and animation exist, `complete`.
import type { Job, KindName } from '../../client/index.ts';
import { createAnimations } from './animations.ts';
import { resolveConfig, sceneConfigs } from './config.ts';
import { SpritekilnEvents } from './events.ts';
import type { SpritekilnRequest } from './request.ts';
import { runJob } from './runJob.ts';
import { sheetUrls } from './sheetUrls.ts';
import { anySignal } from './signals.ts';

export const FILE_TYPE = 'spritekiln';
export const JOB_FILE_TYPE = 'spritekilnjob';

/** The config-object form: `this.load.spritekiln({ key, kind, fields })` (also usable in pack files). */
export type SpritekilnFileConfig<K extends KindName = KindName> = SpritekilnRequest<K> & { key: string };

export type SpritekilnLoaderMethod = (
  this: Phaser.Loader.LoaderPlugin,
  key: string | SpritekilnFileConfig | SpritekilnFileConfig[],
  request?: SpritekilnRequest,
) => Phaser.Loader.LoaderPlugin;

/** Phaser's classes exist only once Phaser has run, so the file classes are made per Phaser namespace. */
export function defineLoaderMethod(P: typeof Phaser): SpritekilnLoaderMethod {
  const { FILE_LOADED, FILE_LOADING, FILE_ERRORED } = P.Loader;

  class JobFile extends P.Loader.File {
    readonly request: SpritekilnRequest;
    /** Why the job failed, for `loaderror` listeners. */
    error?: Error;

    constructor(loader: Phaser.Loader.LoaderPlugin, key: string, request: SpritekilnRequest) {
      super(loader, { type: JOB_FILE_TYPE, key, url: `spritekiln:${request.kind}`, cache: false as unknown as Phaser.Cache.BaseCache });
      this.request = request;
    }

    override load(): void {
      const loader = this.loader;
      const scene = loader.systems;
      this.state = FILE_LOADING;
      // The loader drops its queue when the scene shuts down; the job must then not report back.
      const stopped = new AbortController();
      const stop = () => stopped.abort(new Error('spritekiln: scene shut down'));
      scene.events.once(P.Scenes.Events.SHUTDOWN, stop);
      scene.events.once(P.Scenes.Events.DESTROY, stop);
      const finish = () => {
        scene.events.off(P.Scenes.Events.SHUTDOWN, stop);
        scene.events.off(P.Scenes.Events.DESTROY, stop);
      };
      texturesQueued(P, loader, this.request)
        .then(() => {
          const config = resolveConfig(sceneConfigs.get(scene));
          this.src = `${config.serverUrl}/public/v1 (${this.request.kind})`;
          return runJob({
            key: this.key, request: this.request, config, scene,
            signal: anySignal([stopped.signal, this.request.signal]),
            onProgress: (p) => {
              this.percentComplete = p;
              loader.emit(P.Loader.Events.FILE_PROGRESS, this, p);
            },
          });
        })
        .then(
          (job) => {
            finish();
            if (stopped.signal.aborted) return;
            this.data = job;
            this.percentComplete = 1;
            this.state = FILE_LOADED;
            loader.nextFile(this, true);
          },
          (err: Error) => {
            finish();
            if (stopped.signal.aborted) return;
            this.error = err;
            this.state = FILE_ERRORED;
            scene.events.emit(SpritekilnEvents.ERROR, this.key, err);
            loader.nextFile(this, false);
          },
        );
    }
  }

  class SpritekilnFile extends P.Loader.MultiFile {
    /** The key as given, before the loader's prefix (the added files apply the prefix themselves). */
    readonly givenKey: string;
    job?: Job;
    #onLoadError = (file: Phaser.Loader.File) => {
      if (file.multiFile !== this || file.type === JOB_FILE_TYPE) return;
      this.loader.off(P.Loader.Events.FILE_LOAD_ERROR, this.#onLoadError);
      this.loader.systems.events.emit(SpritekilnEvents.ERROR, this.key, new Error(`spritekiln: could not load ${file.src}`));
    };

    constructor(loader: Phaser.Loader.LoaderPlugin, key: string, request: SpritekilnRequest) {
      super(loader, FILE_TYPE, key, [new JobFile(loader, key, request)]);
      this.givenKey = key;
    }

    override onFileComplete(file: Phaser.Loader.File): void {
      if (this.files.indexOf(file) === -1) return;
      this.pending--;
      if (file.type !== JOB_FILE_TYPE) return;
      this.job = file.data as Job;
      const { sheet, json } = sheetUrls(this.job);
      const loader = this.loader;
      // Keys as they were when the file was queued, whatever the loader's prefix is now.
      const prefix = loader.prefix;
      loader.setPrefix(this.prefix);
      const image = new P.Loader.FileTypes.ImageFile(loader, this.givenKey, sheet);
      const atlas = new P.Loader.FileTypes.JSONFile(loader, this.givenKey, json);
      loader.setPrefix(prefix);
      this.addToMultiFile(image);
      this.addToMultiFile(atlas);
      loader.on(P.Loader.Events.FILE_LOAD_ERROR, this.#onLoadError);
      loader.addFile([image, atlas]);
    }

    addToCache(): void {
      if (!this.isReadyToProcess()) return;
      const [, image, atlas] = this.files as [Phaser.Loader.File, Phaser.Loader.File, Phaser.Loader.FileTypes.JSONFile];
      const loader = this.loader;
      loader.off(P.Loader.Events.FILE_LOAD_ERROR, this.#onLoadError);
      loader.textureManager.addAtlas(image.key, image.data, atlas.data);
      atlas.addToCache();
      this.complete = true;
      const events = loader.systems.events;
      try {
        const [animation] = createAnimations(loader.systems.anims, loader.cacheManager.json, atlas.key);
        events.emit(SpritekilnEvents.COMPLETE, this.key, animation, this.job);
      } catch (err) {
        console.error(err);
        events.emit(SpritekilnEvents.ERROR, this.key, err);
      }
    }
  }

  return function spritekiln(this: Phaser.Loader.LoaderPlugin, key, request) {
    const entries: SpritekilnFileConfig[] = Array.isArray(key) ? key : typeof key === 'object' ? [key] : [{ ...request!, key }];
    for (const { key: given, ...rest } of entries) {
      // Phaser skips a file whose key is taken; a job would cost credits for nothing, so check first.
      if (this.textureManager.exists(this.prefix + given)) {
        console.warn(`spritekiln: texture "${this.prefix + given}" exists; not generating it again`);
        continue;
      }
      this.addFile(new SpritekilnFile(this, given, rest as SpritekilnRequest).files);
    }
    return this;
  };
}

/**
 * Waits for the textures a request names by key that are still being loaded by the same loader, so
 * `this.load.image('hero', ...)` and `this.load.spritekiln(key, { fields: { images: ['hero'] } })`
 * can sit side by side in one preload(). A failed one is let through (its name then reads as a URL).
 */
function texturesQueued(P: typeof Phaser, loader: Phaser.Loader.LoaderPlugin, request: SpritekilnRequest): Promise<void> {
  const names = new Set<string>();
  const collect = (v: unknown) => {
    if (typeof v === 'string') names.add(v);
    else if (v && typeof v === 'object' && 'texture' in v && typeof v.texture === 'string') names.add(v.texture);
  };
  for (const value of Object.values(request.fields as Record<string, unknown>)) (Array.isArray(value) ? value : [value]).forEach(collect);
  // Phaser 4 keeps its queues in native Sets, Phaser 3 in its own Set with an `entries` array.
  const files = (set: unknown): Phaser.Loader.File[] => (set instanceof Set ? [...set] : ((set as { entries?: Phaser.Loader.File[] })?.entries ?? []));
  const pending = [loader.list, loader.inflight, loader.queue].flatMap(files)
    .filter((f) => names.has(f.key) && (f.cache as unknown) === loader.textureManager && !loader.textureManager.exists(f.key));
  const keys = new Set(pending.map((f) => f.key));
  return Promise.all([...keys].map((key) => new Promise<void>((resolve) => {
    const done = (k: string | Phaser.Loader.File) => {
      if ((typeof k === 'string' ? k : k.key) !== key) return;
      loader.off(P.Loader.Events.FILE_COMPLETE, done);
      loader.off(P.Loader.Events.FILE_LOAD_ERROR, done);
      resolve();
    };
    loader.on(P.Loader.Events.FILE_COMPLETE, done);
    loader.on(P.Loader.Events.FILE_LOAD_ERROR, done);
  }))).then(() => undefined);
}
