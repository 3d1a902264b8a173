// Where the plugin finds the server and the key. Scene plugins get no data from Phaser's game config,
// so there are two places: SpritekilnPlugin.configure() for every scene (call it once before
// `new Phaser.Game`), and `this.spritekiln.configure()` for one scene. The loader file type reads the
// configuration of its scene's plugin, or the global one when the scene has no plugin.
import { SpritekilnClient } from '../../client/index.ts';

export interface SpritekilnConfig {
  /** The spritekiln server (default http://127.0.0.1:8787, what `npm start` runs). */
  serverUrl?: string;
  /** A key (`data/api-key.txt` of a local server). Sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** Long-poll length per status request, seconds (default 10). */
  pollSeconds?: number;
}

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8787';

const globalConfig: SpritekilnConfig = {};

/** Settings for every scene; later calls override only the fields they give. */
export function configureGlobal(config: SpritekilnConfig): void {
  Object.assign(globalConfig, config);
}

/** A scene's own settings over the global ones. */
export function resolveConfig(scene?: SpritekilnConfig): Required<SpritekilnConfig> {
  const merged = { ...globalConfig, ...scene };
  if (!merged.apiKey) {
    throw new Error('spritekiln: no apiKey; call SpritekilnPlugin.configure({ serverUrl, apiKey }) before the game starts');
  }
  return { serverUrl: merged.serverUrl ?? DEFAULT_SERVER_URL, apiKey: merged.apiKey, pollSeconds: merged.pollSeconds ?? 10 };
}

export function clientFor(config: Required<SpritekilnConfig>): SpritekilnClient {
  return new SpritekilnClient({ baseUrl: config.serverUrl, apiKey: config.apiKey });
}

/** Each scene's plugin settings, by scene Systems (the loader only knows its Systems). */
export const sceneConfigs = new WeakMap<Phaser.Scenes.Systems, SpritekilnConfig>();
