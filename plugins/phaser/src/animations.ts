// From a loaded sheet.json to Phaser animations, with Phaser's own AnimationManager#createFromAseprite
// (which reads each frame's `duration`, and looks frames up by the keys "from".."to": spritekiln's
// frame keys are "0".."N-1").
//
// Naming: the engine names its one tag after the motion ("jump", "walk", "effect"), so two generated
// sprites would collide on the animation key and Phaser would keep the first one silently. The
// tags in the cached sheet.json are therefore renamed before createFromAseprite: one tag becomes
// the texture key itself, several become "<key>:<tag>". The texture key and the animation key of a
// generated sprite are the same string.
//
// Generated animations loop (repeat -1), like anim.gif; `sprite.play({ key, repeat: 0 })` plays once.

interface AsepriteTag {
  name: string;
  from: number;
  to: number;
  direction?: string;
}

interface AsepriteJson {
  frames?: Record<string, unknown>;
  meta?: { frameTags?: AsepriteTag[] };
}

/** The animation keys createAnimations gives the tags of `key`'s sheet. */
export function animationKeys(key: string, tags: readonly AsepriteTag[]): string[] {
  return tags.length === 1 ? [key] : tags.map((t) => `${key}:${t.name}`);
}

/** Creates the animations of the sheet cached under `key` (texture and JSON); the first is the whole animation. */
export function createAnimations(anims: Phaser.Animations.AnimationManager, cache: Phaser.Cache.BaseCache, key: string): Phaser.Animations.Animation[] {
  const data = cache.get(key) as AsepriteJson | undefined;
  const frameCount = Object.keys(data?.frames ?? {}).length;
  if (!data?.meta || frameCount === 0) throw new Error(`spritekiln: sheet.json of "${key}" has no frames`);
  // A sheet without tags still plays: one tag over every frame.
  if (!data.meta.frameTags?.length) data.meta.frameTags = [{ name: key, from: 0, to: frameCount - 1, direction: 'forward' }];
  const tags = data.meta.frameTags;
  const keys = animationKeys(key, tags);
  const taken = keys.filter((k) => anims.exists(k));
  if (taken.length) throw new Error(`spritekiln: animation "${taken[0]}" exists; remove it first (this.spritekiln.remove(key))`);
  tags.forEach((tag, i) => (tag.name = keys[i]!));
  const created = anims.createFromAseprite(key);
  if (created.length === 0 || created.some((a) => a.frames.length === 0)) {
    // createFromAseprite skips frames whose keys are not "from".."to" without a word.
    throw new Error(`spritekiln: sheet.json of "${key}" made no animation frames (frame keys must be "0".."N-1")`);
  }
  for (const anim of created) anim.repeat = -1;
  return created;
}

/** Removes a generated sprite's animations, texture and cached sheet.json, so its key can be used again. */
export function removeSprite(scene: Phaser.Scene, key: string): void {
  const data = scene.cache.json.get(key) as AsepriteJson | undefined;
  for (const tag of data?.meta?.frameTags ?? []) if (tag.name === key || tag.name.startsWith(`${key}:`)) scene.anims.remove(tag.name);
  if (scene.anims.exists(key)) scene.anims.remove(key);
  if (scene.textures.exists(key)) scene.textures.remove(key);
  scene.cache.json.remove(key);
}
