// spritekiln for Phaser 3.60+ and 4: the scene plugin, the `spritekiln` loader file type, the
// events, and the typed client they use. Built to plugins/phaser/dist/spritekiln-phaser.js (ESM,
// Phaser not included) by `npm run build:phaser`.
import type { KindName } from '../../client/index.ts';
import { installSpritekiln } from './install.ts';
import type { SpritekilnFileConfig } from './SpritekilnFile.ts';
import type { SpritekilnRequest } from './request.ts';

export { SpritekilnPlugin } from './SpritekilnPlugin.ts';
export { SpritekilnEvents } from './events.ts';
export { usePhaser } from './phaser.ts';
export { installSpritekiln } from './install.ts';
export { animationKeys } from './animations.ts';
export { DEFAULT_SERVER_URL, type SpritekilnConfig } from './config.ts';
export type { SpriteSource, SpritekilnFields, SpritekilnRequest } from './request.ts';
export type { SpritekilnFileConfig } from './SpritekilnFile.ts';
export { SpritekilnClient, SpritekilnError, JobFailedError, type Job, type JobFields, type JobKind, type KindName } from '../../client/index.ts';

declare global {
  namespace Phaser.Loader {
    interface LoaderPlugin {
      /** Queues a generated sprite: runs the job, then loads its sheet; texture and animation are named `key`. */
      spritekiln<K extends KindName>(key: string, request: SpritekilnRequest<K>): this;
      spritekiln(config: SpritekilnFileConfig | SpritekilnFileConfig[]): this;
    }
  }
}

// With Phaser already loaded (a <script> before this module, or an ESM import of Phaser that ran
// first), `this.load.spritekiln` and pack-relative URLs work even in scenes without the plugin.
const globalPhaser = (globalThis as { Phaser?: typeof Phaser }).Phaser;
if (globalPhaser?.Loader?.MultiFile) installSpritekiln(globalPhaser);
