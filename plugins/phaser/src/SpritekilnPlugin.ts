// The scene plugin. Install it in the game config:
//   plugins: { scene: [{ key: 'SpritekilnPlugin', plugin: SpritekilnPlugin, mapping: 'spritekiln' }] }
// and `this.spritekiln.animate(key, request)` resolves with the Phaser animation of a generated sprite.
//
// It has the shape of Phaser.Plugins.ScenePlugin (constructed with scene, plugin manager and key;
// boot; destroy) without extending it, so the class exists before Phaser does and one build serves
// Phaser 3.60+ and 4.
import type { KindName, SpritekilnClient } from '../../client/index.ts';
import { createAnimations, removeSprite } from './animations.ts';
import { clientFor, configureGlobal, resolveConfig, sceneConfigs, type SpritekilnConfig } from './config.ts';
import { SpritekilnEvents } from './events.ts';
import { installSpritekiln } from './install.ts';
import { phaser } from './phaser.ts';
import type { SpritekilnRequest } from './request.ts';
import { runJob } from './runJob.ts';
import { sheetUrls } from './sheetUrls.ts';
import { anySignal } from './signals.ts';

export class SpritekilnPlugin {
  /** Server and key for every scene (scene plugins get no data from the game config). */
  static configure(config: SpritekilnConfig): void {
    configureGlobal(config);
  }

  readonly scene: Phaser.Scene;
  readonly systems: Phaser.Scenes.Systems;
  readonly pluginManager: Phaser.Plugins.PluginManager;
  readonly pluginKey: string;
  readonly #config: SpritekilnConfig = {};
  readonly #running = new Set<AbortController>();

  constructor(scene: Phaser.Scene, pluginManager: Phaser.Plugins.PluginManager, pluginKey: string) {
    const P = phaser();
    installSpritekiln(P);
    this.scene = scene;
    this.systems = scene.sys;
    this.pluginManager = pluginManager;
    this.pluginKey = pluginKey;
    sceneConfigs.set(scene.sys, this.#config);
    scene.sys.events.on(P.Scenes.Events.SHUTDOWN, this.#stopAll, this);
    scene.sys.events.once(P.Scenes.Events.DESTROY, this.destroy, this);
  }

  /** Called by Phaser when the plugin is added to a running scene; nothing to wait for. */
  boot(): void {}

  /** Server and key for this scene only, over SpritekilnPlugin.configure(). */
  configure(config: SpritekilnConfig): this {
    Object.assign(this.#config, config);
    return this;
  }

  /** The typed client with this scene's settings, for the other endpoints (account, job, ...). */
  get client(): SpritekilnClient {
    return clientFor(resolveConfig(this.#config));
  }

  /**
   * Runs the job, waits for it, loads its sheet with `this.load.aseprite(key, sheet.png, sheet.json)`
   * and makes the animation with `this.anims.createFromAseprite(key)`. Resolves with the animation,
   * whose key is `key` (the texture's key too); it loops, with the frame durations of sheet.json.
   * Rejects (and emits `spritekiln-error`) with the server's status and detail, a Failed job, a load
   * error, or the signal's reason; a scene shutdown aborts the wait.
   */
  async animate<K extends KindName>(key: string, request: SpritekilnRequest<K>): Promise<Phaser.Animations.Animation> {
    const { scene } = this;
    const stop = new AbortController();
    this.#running.add(stop);
    try {
      if (scene.textures.exists(key) || scene.anims.exists(key)) {
        throw new Error(`spritekiln: "${key}" exists; remove it first (this.spritekiln.remove(key)) or use another key`);
      }
      const signal = anySignal([stop.signal, request.signal]);
      const job = await runJob({ key, request, config: resolveConfig(this.#config), scene: this.systems, signal });
      const { sheet, json } = sheetUrls(job);
      await loadAseprite(scene.load, key, sheet, json, signal);
      const [animation] = createAnimations(scene.anims, scene.cache.json, key);
      this.systems.events.emit(SpritekilnEvents.COMPLETE, key, animation, job);
      return animation!;
    } catch (err) {
      this.systems.events.emit(SpritekilnEvents.ERROR, key, err);
      throw err;
    } finally {
      this.#running.delete(stop);
    }
  }

  /** Removes a generated sprite's animations, texture and sheet.json, so `key` can be generated again. */
  remove(key: string): void {
    removeSprite(this.scene, key);
  }

  destroy(): void {
    this.#stopAll();
    const P = phaser();
    this.systems.events.off(P.Scenes.Events.SHUTDOWN, this.#stopAll, this);
    sceneConfigs.delete(this.systems);
  }

  #stopAll(): void {
    for (const stop of this.#running) stop.abort(new Error('spritekiln: scene shut down'));
  }
}

/** `load.aseprite` with the scene's loader; resolves when texture and JSON are in their caches. */
function loadAseprite(load: Phaser.Loader.LoaderPlugin, key: string, sheet: string, json: string, signal: AbortSignal): Promise<void> {
  const P = phaser();
  return new Promise((resolve, reject) => {
    const done = `${P.Loader.Events.FILE_KEY_COMPLETE}atlasjson-${key}`; // AsepriteFile is a MultiFile of type "atlasjson"
    const onError = (file: Phaser.Loader.File) => {
      if (file.key !== key) return;
      cleanup();
      reject(new Error(`spritekiln: could not load ${file.src}`));
    };
    const onDone = () => (cleanup(), resolve());
    const onAbort = () => (cleanup(), reject(signal.reason));
    const cleanup = () => {
      load.off(done, onDone);
      load.off(P.Loader.Events.FILE_LOAD_ERROR, onError);
      signal.removeEventListener('abort', onAbort);
    };
    load.once(done, onDone);
    load.on(P.Loader.Events.FILE_LOAD_ERROR, onError);
    signal.addEventListener('abort', onAbort, { once: true });
    // The key is the texture key as given, whatever prefix the scene's loader has.
    const prefix = load.prefix;
    load.setPrefix('');
    load.aseprite(key, sheet, json);
    load.setPrefix(prefix);
    load.start();
  });
}
