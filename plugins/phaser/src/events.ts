// The events the plugin emits on the scene's event emitter (`this.events`), for both
// `this.spritekiln.animate()` and `this.load.spritekiln()`. The loader's own events (`fileprogress`,
// `progress`, `loaderror`, `filecomplete-spritekiln-<key>`, `complete`) are emitted as Phaser does.

export const SpritekilnEvents = {
  /** (key: string, jobId: string): the server accepted the job. */
  START: 'spritekiln-start',
  /** (key: string, progress: number 0..1, job: Job): the job is still Pending. */
  PROGRESS: 'spritekiln-progress',
  /** (key: string, animation: Phaser.Animations.Animation, job: Job): texture and animation are ready. */
  COMPLETE: 'spritekiln-complete',
  /** (key: string, error: Error): a SpritekilnError (status, detail), a JobFailedError, or a load error. */
  ERROR: 'spritekiln-error',
} as const;
