// Browser side of test/plugins/phaser/phaser.test.ts: each function starts a game, runs one path of
// the plugin (or plain Phaser), and resolves with what Phaser itself reports: the animation's
// frames (size, duration), whether a sprite plays it and which frames it showed over time, and the
// events seen on the way. The game is destroyed afterwards.

const withPlugin = new URLSearchParams(location.search).get('plugin') !== '0';
// esm.html: Phaser as an ES module (its ESM build sets no global), given to the plugin by usePhaser().
const esm = new URL(import.meta.url).searchParams.get('esm') === '1';
const Phaser = esm ? ((m) => m.default ?? m)(await import('/phaser/phaser.esm.js')) : window.Phaser;
const spritekiln = withPlugin ? await import('/dist/spritekiln-phaser.js') : undefined;
if (esm) spritekiln.usePhaser(Phaser);
const config = await (await fetch('/config.json')).json();
spritekiln?.SpritekilnPlugin.configure(config);

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs `scene` (preload/create, create may be async and returns the report) in a new game. */
function run(scene) {
  return new Promise((resolve, reject) => {
    const game = new Phaser.Game({
      type: Phaser.AUTO,
      parent: 'game',
      width: 320,
      height: 240,
      banner: false,
      audio: { noAudio: true },
      plugins: spritekiln ? { scene: [{ key: 'SpritekilnPlugin', plugin: spritekiln.SpritekilnPlugin, mapping: 'spritekiln' }] } : undefined,
      scene: {
        preload() {
          scene.preload?.call(this);
        },
        create() {
          Promise.resolve()
            .then(() => scene.create.call(this))
            .then(resolve, reject)
            .finally(() => setTimeout(() => game.destroy(true), 0));
        },
      },
    });
  });
}

/** What Phaser says about animation `key`, and a sprite playing it for ~1 s. */
async function played(scene, key) {
  const anim = scene.anims.get(key);
  if (!anim) return { missing: key, animations: scene.anims.toJSON().anims.map((a) => a.key) };
  const sprite = scene.add.sprite(160, 120, anim.frames[0].textureKey).play(key);
  const indices = [];
  for (let i = 0; i < 10; i++) {
    await wait(100);
    indices.push(sprite.anims.currentFrame.index);
  }
  return {
    phaser: Phaser.VERSION,
    globalPhaser: 'Phaser' in window,
    key: anim.key,
    repeat: anim.repeat,
    texture: anim.frames[0].textureKey,
    frames: anim.frames.map((f) => ({ name: String(f.textureFrame), width: f.frame.width, height: f.frame.height, duration: f.duration })),
    isPlaying: sprite.anims.isPlaying,
    indices,
    // Where the sprite's position falls in its frame, in frame pixels: Phaser takes it from each
    // frame's `pivot` in sheet.json (the centre without one).
    origin: { x: sprite.displayOriginX, y: sprite.displayOriginY },
  };
}

/** Records the plugin's scene events. */
function listen(scene) {
  const seen = { start: [], progress: [], complete: [], error: [] };
  const E = spritekiln.SpritekilnEvents;
  scene.events.on(E.START, (key, id) => seen.start.push({ key, id }));
  scene.events.on(E.PROGRESS, (key, p) => seen.progress.push({ key, p }));
  scene.events.on(E.COMPLETE, (key, anim, job) => seen.complete.push({ key, anim: anim.key, metadata_url: job.metadata_url }));
  scene.events.on(E.ERROR, (key, err) => seen.error.push({ key, message: err.message, status: err.status, detail: err.detail }));
  return seen;
}

const errorInfo = (err) => ({ name: err.name, message: err.message, status: err.status, detail: err.detail });

window.harness = {
  /** this.spritekiln.animate(key, request) from create(); `source` is uploaded as a texture key. `sceneConfig` goes to configure(). */
  animate: (key, request, sceneConfig) =>
    run({
      preload() {
        this.load.image('source', '/hero.png');
      },
      async create() {
        if (sceneConfig) this.spritekiln.configure(sceneConfig);
        const events = listen(this);
        const anim = await this.spritekiln.animate(key, request);
        // A sheet of several tags makes an animation each (key:tag); the one returned is played.
        const report = { returned: anim.key, events, ...(await played(this, anim.key)) };
        // remove() frees the key: animations, texture and cached sheet.json.
        this.children.removeAll(true);
        this.spritekiln.remove(key);
        report.removed = !this.textures.exists(key) && !this.anims.exists(key) && !this.cache.json.exists(key);
        return report;
      },
    }),

  /** animate() that should fail: what it rejects with and which events came. */
  animateError: (key, request) =>
    run({
      preload() {
        this.load.image('source', '/hero.png');
      },
      async create() {
        const events = listen(this);
        const error = await this.spritekiln.animate(key, request).then(() => undefined, errorInfo);
        return { error, events, texture: this.textures.exists(key) };
      },
    }),

  /** this.load.spritekiln(key, request) in preload(), as any other asset, beside the `source` image it may name. */
  preload: (key, request) => {
    const loader = { fileprogress: [], progress: [], loaderror: [], filecomplete: [], complete: 0 };
    let events;
    return run({
      preload() {
        events = listen(this);
        this.load.on('fileprogress', (file, p) => loader.fileprogress.push({ type: file.type, key: file.key, p }));
        this.load.on('progress', (p) => loader.progress.push(p));
        this.load.on('loaderror', (file) => loader.loaderror.push({ type: file.type, key: file.key, error: file.error?.message }));
        this.load.on(`filecomplete-spritekiln-${key}`, (k, type) => loader.filecomplete.push({ key: k, type }));
        this.load.on('complete', () => loader.complete++);
        this.load.image('source', '/hero.png');
        this.load.spritekiln(key, request);
      },
      async create() {
        const exists = this.anims.exists(key);
        return { loader, events, ...(exists ? await played(this, key) : { missing: key }) };
      },
    });
  },

  /**
   * this.load.pack(packKey, url) in preload(); then createFromAseprite as a game would. With `path`
   * the loader path is set first (plain Phaser: URLs in a pack are relative to the loader path).
   */
  pack: (url, path) =>
    run({
      preload() {
        if (path) this.load.setPath(path);
        this.load.pack('generated-pack', url);
      },
      async create() {
        const pack = this.cache.json.get('generated-pack');
        const section = Object.entries(pack ?? {}).find(([name]) => name !== 'meta');
        const key = section?.[1].files[0].key;
        if (!key || !this.textures.exists(key)) return { missing: key ?? '(no pack)', pack };
        const [anim] = this.anims.createFromAseprite(key);
        if (!anim) return { missing: 'animation', pack };
        anim.repeat = -1;
        return { packKey: key, ...(await played(this, anim.key)) };
      },
    }),
};
document.body.dataset.ready = '1';
