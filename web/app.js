// spritekiln dashboard: plain ES module, no build step, no third-party code. The API key lives in
// sessionStorage only and travels in the Authorization header, never in a URL or a cookie. Forms are
// generated from /openapi.json (itself generated from the server's valibot schemas), and every error
// shown is the server's own `detail`. Animations play on a canvas from the job's sheet (sheet.json's
// frame rects and durations), pixel art at whole-number scales with crisp pixels.
const KEY = 'spritekiln.key';
/** How pictures are shown (the background), written to sessionStorage only when changed. */
const VIEW = 'spritekiln.view';
const main = document.getElementById('main');
const nav = document.getElementById('nav');
const balanceEl = document.getElementById('balance');

/** Jobs seen this session, by id: list items merged with job endpoint answers. */
const jobs = new Map();
/** Job ids being long-polled; `session` changes on sign-in/out so old polls stop. */
const watching = new Set();
let session = 0;
let openapi;
/** The last balance read, for "balance after" in the playground. */
let credits;

// ---------- helpers ----------

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else if (name === 'dataset') Object.assign(el.dataset, value);
    else if (name === 'style') Object.assign(el.style, value); // CSSOM: the CSP refuses style attributes
    else if (name in el && typeof value !== 'string') el[name] = value;
    else el.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children.flat()) if (child !== undefined && child !== null && child !== false) el.append(child);
  return el;
}

const key = () => sessionStorage.getItem(KEY);

async function api(path, options = {}, apiKey = key()) {
  let res;
  try {
    res = await fetch(path, { ...options, headers: { ...(options.headers ?? {}), Authorization: `Bearer ${apiKey}` } });
  } catch {
    return { status: 0, body: { detail: 'The server cannot be reached' } };
  }
  let body = null;
  try {
    body = await res.json();
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

const fileName = (url) => decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
const preview = (urls = []) => urls.find((u) => u.endsWith('.gif')) ?? urls.find((u) => u.endsWith('.png'));
const when = (iso) => (iso ? new Date(iso).toLocaleString() : '');
const FRAME_FILE = /^frame_(\d+)\.png$/;
const isFrameFile = (url) => FRAME_FILE.test(fileName(url));
/** Whether the focused element takes this key itself (text, a select's arrows, Space on a button). */
function ownsKey(el, key) {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  const activates = key === ' ' || key === 'Enter';
  if (el.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'color'].includes(el.type) || activates;
  return /^(BUTTON|A|SUMMARY)$/.test(el.tagName) && activates;
}

function remember(id, fields) {
  const job = { ...(jobs.get(id) ?? { job_id: id }), ...fields };
  jobs.set(id, job);
  return job;
}

// ---------- backgrounds: a checkerboard or a colour ----------

const CHECKER = ['#23252e', '#2a2c36'];
const SWATCHES = ['#ffffff', '#000000', '#808080', '#52ff60'];
const prefs = (() => {
  try {
    return { bg: 'checker', color: '#ffffff', ...JSON.parse(sessionStorage.getItem(VIEW) ?? '{}') };
  } catch {
    return { bg: 'checker', color: '#ffffff' };
  }
})();

/** The checkerboard as a 16 px tile drawn in whole pixels (a CSS gradient would blend its edges). */
const checkerTile = (() => {
  const c = document.createElement('canvas');
  c.width = c.height = 16;
  const g = c.getContext('2d');
  g.fillStyle = CHECKER[0];
  g.fillRect(0, 0, 16, 16);
  g.fillStyle = CHECKER[1];
  g.fillRect(0, 0, 8, 8);
  g.fillRect(8, 8, 8, 8);
  return `url("${c.toDataURL('image/png')}")`;
})();

function applyBackground() {
  const root = document.documentElement.style;
  const checker = prefs.bg === 'checker';
  root.setProperty('--stage-image', checker ? checkerTile : 'none');
  root.setProperty('--stage-color', checker ? CHECKER[0] : prefs.color);
  for (const el of document.querySelectorAll('.bg-control')) syncBackgroundControl(el);
}

function setBackground(bg, color) {
  prefs.bg = bg;
  if (color) prefs.color = color;
  sessionStorage.setItem(VIEW, JSON.stringify(prefs));
  applyBackground();
}

function syncBackgroundControl(el) {
  el.querySelector('.bg-checker')?.setAttribute('aria-pressed', String(prefs.bg === 'checker'));
  for (const b of el.querySelectorAll('.swatch')) b.setAttribute('aria-pressed', String(prefs.bg === 'color' && prefs.color === b.dataset.color));
  const input = el.querySelector('input[type=color]');
  if (input) {
    input.value = prefs.color;
    input.classList.toggle('on', prefs.bg === 'color' && !SWATCHES.includes(prefs.color));
  }
}

/** Background: ▦ (checkerboard), a few swatches, any colour. Every control on the page stays in step. */
function backgroundControl() {
  const el = h('div', { class: 'bg-control', role: 'group', 'aria-label': 'Background' },
    h('span', { class: 'label' }, 'Background'),
    h('button', { type: 'button', class: 'bg-checker', title: 'Checkerboard', onclick: () => setBackground('checker') }, h('span', { class: 'checker-icon' })),
    SWATCHES.map((color) => h('button', { type: 'button', class: 'swatch', title: color, dataset: { color }, style: { backgroundColor: color }, onclick: () => setBackground('color', color) })),
    h('input', { type: 'color', class: 'bg-color', title: 'Any colour', 'aria-label': 'Background colour', oninput: (e) => setBackground('color', e.target.value) }));
  syncBackgroundControl(el);
  return el;
}

// ---------- pixel art: found by its pixels, scaled by whole numbers ----------

/** Per image URL: { pixel, block, colors } (a promise, once). */
const arts = new Map();
const SMOOTH = { pixel: false, block: 1, colors: undefined };

/**
 * Pixel art is an image with hard alpha (every pixel fully clear or fully opaque) and at most 256
 * colours. `block` is the size of its art pixels when it was scaled up by a whole number (1 when not):
 * the greatest common divisor of every position where a row or a column changes colour. A GIF has
 * hard alpha and 256 colours at most whatever it shows, so one counts as pixel art with few colours
 * only (GIF_COLORS); a job's GIF is judged by its PNG sheet instead where there is one.
 */
const GIF_COLORS = 48;
function analyzeArt(image, maxColors = 256) {
  const w = image.naturalWidth ?? image.width;
  const hgt = image.naturalHeight ?? image.height;
  if (!w || !hgt) return SMOOTH;
  if (w * hgt > 4096 * 4096) return SMOOTH;
  let data;
  try {
    const c = document.createElement('canvas');
    c.width = w;
    c.height = hgt;
    const g = c.getContext('2d', { willReadFrequently: true });
    g.drawImage(image, 0, 0);
    data = g.getImageData(0, 0, w, hgt).data;
  } catch {
    // Another origin without CORS: the pixels cannot be read. Small pictures are most likely sprites.
    return { pixel: Math.max(w, hgt) <= 128, block: 1, colors: undefined };
  }
  const px = new Uint32Array(w * hgt);
  const colors = new Set();
  for (let i = 0, p = 0; p < px.length; i += 4, p++) {
    const a = data[i + 3];
    if (a === 0) continue; // every clear pixel is the same "colour"
    if (a !== 255) return SMOOTH;
    const rgb = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    px[p] = rgb + 1;
    if (colors.size <= maxColors) colors.add(rgb);
  }
  if (colors.size > maxColors) return SMOOTH;
  const gcd = (a, b) => (b ? gcd(b, a % b) : a);
  let block = gcd(w, hgt);
  for (let y = 0; y < hgt && block > 1; y++) {
    const row = y * w;
    for (let x = 1; x < w; x++) if (px[row + x] !== px[row + x - 1] && (block = gcd(block, x)) === 1) break;
  }
  for (let x = 0; x < w && block > 1; x++) {
    for (let y = 1; y < hgt; y++) if (px[y * w + x] !== px[(y - 1) * w + x] && (block = gcd(block, y)) === 1) break;
  }
  return { pixel: true, block, colors: colors.size };
}

const isGif = (url) => /\.gif$/i.test(new URL(url, location.href).pathname);

function artOf(url, image, gif = isGif(url)) {
  if (!arts.has(url)) arts.set(url, Promise.resolve().then(() => analyzeArt(image, gif ? GIF_COLORS : 256)));
  return arts.get(url);
}

/** The art of the picture at `url`, loaded for the purpose (a job's sheet, judging its GIF). */
function artAt(url) {
  if (!arts.has(url)) arts.set(url, loadImage(url).then((img) => analyzeArt(img, isGif(url) ? GIF_COLORS : 256), () => SMOOTH));
  return arts.get(url);
}

/** The PNG a job's pictures are best judged by (its sheet, first frame or image), when it has one. */
const probeOf = (urls = []) => urls.find((u) => u.endsWith('.png'));

/**
 * The scale that fits w x h into a box. Pixel art: the largest whole number (at most maxUp), or
 * when it is bigger than the box and was itself scaled up, a whole number of screen pixels per art
 * pixel; both crisp. Anything else fits smoothly, enlarged at most 2x.
 */
function fitScale(w, hgt, boxW, boxH, art, maxUp = 8) {
  const s = Math.min(boxW / w, boxH / hgt);
  if (art.pixel) {
    if (s >= 1) return { scale: Math.min(Math.floor(s), maxUp), crisp: true };
    const k = Math.floor(s * art.block);
    if (k >= 1) return { scale: k / art.block, crisp: true };
  }
  return { scale: Math.min(s, 2), crisp: false };
}

/**
 * An <img> that sizes itself into the box ([w, h], or a function answering it) once loaded, pixel
 * art crisp and whole-number scaled. `probe`: another picture of the same art to judge it by (a GIF
 * by its job's PNG); `gif`: the picture is a GIF though its URL does not say so (a chosen file).
 */
function fittedImage(src, alt, box, { attrs = {}, probe, gif } = {}) {
  // crossorigin (pixels readable) and loading before src: both are read when the load starts.
  const img = h('img', { crossorigin: 'anonymous', ...attrs, alt, class: 'fitted', src });
  img.addEventListener('error', () => {
    // Results on another origin that sends no CORS header still show (their pixels go unread).
    if (img.hasAttribute('crossorigin')) {
      img.removeAttribute('crossorigin');
      img.src = src;
    }
  });
  img.addEventListener('load', async () => {
    const art = probe && probe !== src ? await artAt(probe) : await artOf(src, img, gif);
    const [boxW, boxH] = typeof box === 'function' ? box() : box;
    const { scale, crisp } = fitScale(img.naturalWidth, img.naturalHeight, boxW, boxH, art);
    img.style.width = `${Math.max(1, Math.round(img.naturalWidth * scale))}px`;
    img.style.height = `${Math.max(1, Math.round(img.naturalHeight * scale))}px`;
    img.classList.toggle('pixelated', crisp);
    img.dataset.scale = String(scale);
    img.dataset.art = art.pixel ? 'pixel' : 'smooth';
  }, { once: true });
  return img;
}

// ---------- session ----------

async function refreshBalance() {
  const res = await api('/public/v1/account');
  if (res.status === 200) {
    credits = res.body.credits;
    balanceEl.textContent = String(res.body.credits);
    document.dispatchEvent(new Event('balance'));
  } else if (res.status === 401 || res.status === 404) signOut(res.body?.detail);
}

function signOut(message) {
  sessionStorage.removeItem(KEY);
  session++;
  watching.clear();
  jobs.clear();
  credits = undefined;
  location.hash = '#/';
  renderSignIn(message);
}

function renderSignIn(message) {
  nav.hidden = true;
  const error = h('p', { class: 'error', role: 'alert', id: 'signin-error' }, message ?? '');
  const input = h('input', { type: 'password', name: 'key', id: 'key', autocomplete: 'off', placeholder: 'sk_…', required: true });
  const form = h('form', {
    onsubmit: async (event) => {
      event.preventDefault();
      const candidate = input.value.trim();
      error.textContent = '';
      const res = await api('/public/v1/account', {}, candidate);
      if (res.status !== 200) {
        error.textContent = typeof res.body?.detail === 'string' ? res.body.detail : `Error ${res.status}`;
        return;
      }
      sessionStorage.setItem(KEY, candidate);
      session++;
      route();
    },
  },
    h('label', { for: 'key' }, 'API key'),
    input,
    h('button', { type: 'submit', class: 'primary' }, 'Sign in'),
    error,
    h('p', { class: 'muted' }, 'The key stays in this tab (session storage) and is sent only to this server. ',
      'Create one with ', h('code', {}, 'npx spritekiln keys create'), ' or read ', h('code', {}, 'data/api-key.txt'), '.'),
  );
  main.replaceChildren(h('section', { class: 'signin' }, h('h1', {}, 'Sign in'), form));
  input.focus();
}

// ---------- routing ----------

async function route() {
  if (!key()) return renderSignIn();
  nav.hidden = false;
  void refreshBalance();
  const hash = location.hash.replace(/^#/, '') || '/';
  for (const a of nav.querySelectorAll('a[href^="#"]')) a.classList.toggle('current', a.getAttribute('href') === '#/' ? hash === '/' || hash.startsWith('/job/') : hash.startsWith('/new/'));
  const job = /^\/job\/([0-9a-f-]{36})$/.exec(hash);
  if (job) return renderJob(job[1]);
  if (hash.startsWith('/new/')) return renderPlayground(hash.slice('/new'.length));
  return renderGallery();
}

// ---------- live updates ----------

/** Long-polls a Pending job (`?wait=`) until it finishes, updating whatever shows it. */
async function watch(id) {
  if (watching.has(id)) return;
  watching.add(id);
  const mine = session;
  try {
    for (;;) {
      const res = await api(`/public/v1/job/${id}?wait=25`);
      if (mine !== session) return;
      if (res.status !== 200) {
        if (res.status === 0) await new Promise((r) => setTimeout(r, 2000));
        else return;
        continue;
      }
      const job = remember(id, res.body);
      updateViews(job);
      if (job.status !== 'Pending') {
        void refreshBalance(); // a Failed job gives its credits back
        return;
      }
    }
  } finally {
    if (mine === session) watching.delete(id);
  }
}

function updateViews(job) {
  for (const card of document.querySelectorAll(`.card[data-job="${job.job_id}"]`)) card.replaceWith(jobCard(job));
  const page = document.querySelector(`[data-job-page="${job.job_id}"]`);
  if (page) page.replaceWith(jobPage(job));
}

// ---------- gallery ----------

const THUMB_H = 160;

function jobCard(job) {
  const src = job.status === 'Succeed' ? preview(job.image_urls) : undefined;
  const thumb = h('div', { class: 'thumb' });
  // The box is the card's width, known once the card is on the page (the image loads after).
  thumb.append(src
    ? fittedImage(src, `${job.kind ?? 'job'} result`, () => [Math.max(1, (thumb.clientWidth || 180) - 16), THUMB_H - 16], { attrs: { loading: 'lazy' }, probe: probeOf(job.image_urls) })
    : h('span', { class: `status ${job.status}` }, job.status));
  return h('li', { class: 'card', dataset: { job: job.job_id, status: job.status } },
    h('a', { href: `#/job/${job.job_id}`, title: job.job_id },
      thumb,
      h('div', { class: 'info' },
        h('span', { class: `status ${job.status}` }, job.status),
        h('span', { class: 'kind' }, job.kind ?? ''),
        h('span', { class: 'muted' }, job.cost === undefined ? '' : `${job.cost} credit${job.cost === 1 ? '' : 's'}`),
        h('time', { class: 'muted', datetime: job.created_at ?? '' }, when(job.created_at)),
      ),
    ),
  );
}

async function renderGallery() {
  const list = h('ul', { class: 'gallery', id: 'gallery' });
  const more = h('p', {});
  main.replaceChildren(h('section', {},
    h('div', { class: 'page-head' }, h('h1', {}, 'Your jobs'), backgroundControl()),
    h('p', { class: 'muted' }, 'Newest first. Pending jobs update live. ', h('a', { href: '#/new/sprite/zenith' }, 'Make something in the playground'), '.'),
    list, more));
  const load = async (before) => {
    const res = await api(`/public/v1/jobs?limit=24${before ? `&before=${before}` : ''}`);
    if (res.status !== 200) {
      more.replaceChildren(h('span', { class: 'error', role: 'alert' }, res.body?.detail ?? `Error ${res.status}`));
      return;
    }
    for (const item of res.body.jobs) {
      const job = remember(item.job_id, item);
      list.append(jobCard(job));
      if (job.status === 'Pending') void watch(job.job_id);
    }
    if (!before && res.body.jobs.length === 0) list.replaceWith(h('p', { class: 'muted', id: 'empty' }, 'No jobs yet.'));
    more.replaceChildren(res.body.next_before ? h('button', { type: 'button', onclick: () => load(res.body.next_before) }, 'Load more') : '');
  };
  await load();
}

// ---------- job page ----------

async function renderJob(id) {
  const known = jobs.get(id);
  if (known?.status === 'Pending') {
    // Just created (or seen Pending): show it at once and let the long-poll move it on.
    main.replaceChildren(jobPage(known));
    void watch(id);
    if (known.cost === undefined) {
      const item = await findListed(id);
      if (item) updateViews(remember(id, { kind: item.kind, cost: item.cost, created_at: item.created_at }));
    }
    return;
  }
  main.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
  const res = await api(`/public/v1/job/${id}`);
  if (res.status !== 200) {
    main.replaceChildren(h('p', { class: 'error', role: 'alert' }, res.body?.detail ?? `Error ${res.status}`), h('a', { href: '#/' }, 'Back to the gallery'));
    return;
  }
  let job = remember(id, res.body);
  if (job.kind === undefined) job = remember(id, (await findListed(id)) ?? {});
  main.replaceChildren(jobPage(job));
  if (job.status === 'Pending') void watch(id);
}

/** kind, cost and time come from the list endpoint: look the job up there when opened directly. */
async function findListed(id) {
  let before;
  for (let page = 0; page < 5; page++) {
    const res = await api(`/public/v1/jobs?limit=100${before ? `&before=${before}` : ''}`);
    if (res.status !== 200) return undefined;
    const found = res.body.jobs.find((j) => j.job_id === id);
    if (found || !res.body.next_before) return found;
    before = res.body.next_before;
  }
  return undefined;
}

function jobPage(job) {
  const section = h('section', { class: 'job', dataset: { jobPage: job.job_id, status: job.status } },
    h('p', {}, h('a', { href: '#/' }, '← Gallery')),
    h('h1', {}, job.kind ?? 'Job', ' ', h('span', { class: `status ${job.status}`, id: 'job-status' }, job.status)),
    h('p', { class: 'muted' }, h('code', {}, job.job_id), job.cost === undefined ? '' : ` · ${job.cost} credit${job.cost === 1 ? '' : 's'}`, job.created_at ? ` · ${when(job.created_at)}` : ''),
  );
  if (job.status === 'Pending') {
    section.append(h('div', { class: 'progress', title: 'progress' }, h('div', { style: { width: `${Math.round((job.progress ?? 0) * 100)}%` } })));
    return section;
  }
  if (job.status === 'Failed') {
    section.append(h('p', { class: 'error', role: 'alert' }, job.error ?? 'Failed'));
    return section;
  }
  const urls = job.image_urls ?? [];
  const viewer = h('div', { class: 'viewer', id: 'viewer' }, h('p', { class: 'muted' }, 'Loading…'));
  // Outputs: every result but the frames one by one (those are in the player's timeline and under Files).
  const outputs = h('div', { class: 'outputs', id: 'outputs' }, urls.filter((u) => !isFrameFile(u)).map((url) =>
    h('figure', {},
      h('a', { href: url, target: '_blank', rel: 'noopener', class: 'output-box' }, fittedImage(url, fileName(url), [88, 88], { probe: isGif(url) ? probeOf(urls) : undefined })),
      h('figcaption', {}, fileName(url)))));
  const files = h('div', { class: 'files', id: 'files' }, fileLinks(urls));
  const snippets = h('div', { id: 'snippets' });
  section.append(viewer, h('h2', {}, 'Outputs'), outputs, h('h2', {}, 'Files'), files, h('h2', {}, 'Use it'), snippets);
  void addMetadata(job, viewer, files, snippets);
  return section;
}

const download = (url, name = fileName(url)) => h('a', { class: 'button', href: url, download: name }, `⤓ ${name}`);

/** A download button per file; numbered frames as one folded list. */
function fileLinks(urls) {
  const frames = urls.filter(isFrameFile);
  const out = urls.filter((u) => !isFrameFile(u)).map((u) => download(u));
  if (frames.length > 0) {
    out.push(h('details', { class: 'frame-files', id: 'frame-files' },
      h('summary', { class: 'button' }, `⤓ ${frames.length} frame PNG${frames.length === 1 ? '' : 's'} (${fileName(frames[0])} – ${fileName(frames[frames.length - 1])})`),
      h('div', { class: 'frame-links' }, frames.map((u) => h('a', { href: u, download: fileName(u) }, FRAME_FILE.exec(fileName(u))[1])))));
  }
  return out;
}

async function addMetadata(job, viewer, files, snippets) {
  let sheet;
  const urls = job.image_urls ?? [];
  if (job.metadata_url) {
    const frames = files.querySelector('#frame-files');
    const add = (el) => (frames ? frames.before(el) : files.append(el));
    add(download(job.metadata_url, 'sheet.json'));
    try {
      sheet = await (await fetch(job.metadata_url)).json();
    } catch {
      sheet = undefined;
    }
    const meta = sheet?.meta;
    // The sheet image is a result even where image_urls leaves it out (make-sprite lists the frames).
    if (meta?.image) {
      const url = new URL(meta.image, job.metadata_url).href;
      if (!urls.includes(url)) add(download(url));
    }
    for (const name of Object.values(meta?.exports ?? {})) add(download(new URL(name, job.metadata_url).href, name));
  }
  snippets.replaceChildren(...codeSnippets(job, sheet?.meta).map(([title, code]) => snippet(title, code)));
  let shown;
  if (sheet && framesOf(sheet).length > 0) {
    try {
      shown = await spritePlayer(job, sheet);
    } catch (err) {
      shown = h('p', { class: 'error', role: 'alert' }, `The sheet could not be played: ${err?.message ?? err}`);
    }
  }
  if (!shown) {
    const images = urls.filter((u) => !isFrameFile(u));
    shown = images.length > 0 ? imageViewer(images) : h('p', { class: 'muted' }, 'No image in this job.');
  }
  viewer.replaceChildren(shown);
}

function codeSnippets(job, meta) {
  const urls = job.image_urls ?? [];
  const short = job.job_id.slice(0, 8);
  const tag = meta?.frameTags?.[0]?.name ?? 'anim';
  const out = [];
  if (job.metadata_url) {
    const sheet = new URL(meta?.image ?? 'sheet.png', job.metadata_url).href;
    const exports = meta?.exports ?? {};
    out.push(['Phaser (3.60+ and 4)', [
      '// preload()',
      `this.load.aseprite('${short}', '${sheet}', '${job.metadata_url}');`,
      ...(exports.phaser ? [`// or: this.load.pack('${short}-pack', '${new URL(exports.phaser, job.metadata_url).href}');`] : []),
      '',
      '// create()',
      `this.anims.createFromAseprite('${short}');`,
      `this.add.sprite(400, 300, '${short}').play({ key: '${tag}', repeat: -1 });`,
    ].join('\n')]);
    if (exports.godot) {
      out.push(['Godot 4', [
        `# Save ${fileName(sheet)} and ${exports.godot} (above) into res://sprites/${short}/ — the .tres finds the sheet beside it.`,
        'var sprite := AnimatedSprite2D.new()',
        `sprite.sprite_frames = load("res://sprites/${short}/${exports.godot}")`,
        'add_child(sprite)',
        `sprite.play("${tag}")`,
      ].join('\n')]);
    }
  } else if (urls[0]) {
    out.push(['Phaser (3.60+ and 4)', [`this.load.image('${short}', '${urls[0]}'); // preload()`, `this.add.image(400, 300, '${short}'); // create()`].join('\n')]);
    out.push(['Godot 4', `# Save ${fileName(urls[0])} into res://sprites/${short}/, then:\n$Sprite2D.texture = load("res://sprites/${short}/${fileName(urls[0])}")`]);
  }
  // Numbered frames download in one loop rather than a line each.
  const frames = urls.filter(isFrameFile);
  const numbered = frames.length > 3 && frames.every((u, i) => fileName(u) === `frame_${String(i).padStart(3, '0')}.png` && u.startsWith(frames[0].slice(0, -'000.png'.length)));
  out.push(['curl', [
    'export SPRITEKILN_KEY=sk_...   # your key',
    `curl -s -H "Authorization: Bearer $SPRITEKILN_KEY" '${location.origin}/public/v1/job/${job.job_id}'`,
    `mkdir -p ${short} && cd ${short}`,
    ...urls.filter((u) => !numbered || !isFrameFile(u)).map((u) => `curl -sO '${u}'`),
    ...(numbered ? [`for n in $(seq -f %03g 0 ${frames.length - 1}); do curl -sO "${frames[0].slice(0, -'000.png'.length)}$n.png"; done`] : []),
    ...(job.metadata_url ? [`curl -sO '${job.metadata_url}'`] : []),
    ...(meta?.image && !urls.includes(new URL(meta.image, job.metadata_url).href) ? [`curl -sO '${new URL(meta.image, job.metadata_url).href}'`] : []),
  ].join('\n')]);
  return out;
}

function snippet(title, code) {
  const pre = h('pre', {}, h('code', {}, code));
  const button = h('button', {
    type: 'button',
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(code);
        button.textContent = 'Copied';
      } catch {
        getSelection()?.selectAllChildren(pre); // clipboard needs a secure context: select for Ctrl+C
        button.textContent = 'Selected';
      }
      setTimeout(() => (button.textContent = 'Copy'), 1500);
    },
  }, 'Copy');
  return h('div', { class: 'snippet' }, h('strong', {}, title), pre, button);
}

// ---------- the player ----------

/** The page's player or image viewer: it takes the keys while it is on the page. */
let activeViewer;
document.addEventListener('keydown', (event) => {
  if (!activeViewer?.el.isConnected || event.ctrlKey || event.metaKey || event.altKey || ownsKey(event.target, event.key)) return;
  if (activeViewer.key(event)) event.preventDefault();
});

const SVG = 'http://www.w3.org/2000/svg';
const ICONS = {
  first: 'M3 3h2v10H3zM13 3v10L6 8z',
  prev: 'M11 3v10L4 8z',
  play: 'M4 2.5v11l9.5-5.5z',
  pause: 'M3.5 3h3v10h-3zM9.5 3h3v10h-3z',
  next: 'M5 3v10l7-5z',
  last: 'M3 3v10l7-5zM11 3h2v10h-2z',
};
/** A 16 px icon drawn with the text colour (the fonts at hand lack ⏮ and ⏭). */
function icon(name) {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [k, v] of Object.entries({ viewBox: '0 0 16 16', width: '14', height: '14', 'aria-hidden': 'true', class: 'icon' })) svg.setAttribute(k, v);
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', ICONS[name]);
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}

const ZOOMS = [1, 2, 3, 4, 5, 6, 7, 8];
/** The largest canvas side the zoom allows (a 1024 px frame stops at 4x). */
const MAX_CANVAS = 4096;
const SPEEDS = [0.25, 0.5, 1, 1.5, 2, 4];

/** The stage's room on this page, for the first zoom. */
function stageRoom() {
  return [Math.max(160, Math.min(main.clientWidth || 1000, 1200) - 60), Math.max(200, Math.min(520, Math.round(innerHeight * 0.6)))];
}

/** sheet.json's frames (Aseprite "hash" or "array"), in order. */
function framesOf(sheet) {
  const list = Array.isArray(sheet?.frames) ? sheet.frames : Object.values(sheet?.frames ?? {});
  return list.filter((f) => f?.frame).map((f) => ({
    x: f.frame.x, y: f.frame.y, w: f.frame.w, h: f.frame.h,
    ox: f.spriteSourceSize?.x ?? 0, oy: f.spriteSourceSize?.y ?? 0,
    sw: f.sourceSize?.w ?? f.frame.w, sh: f.sourceSize?.h ?? f.frame.h,
    duration: Number.isFinite(f.duration) && f.duration > 0 ? f.duration : 100,
  }));
}

async function loadImage(url) {
  const load = (cors) => new Promise((resolve, reject) => {
    const img = new Image();
    if (cors) img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`${fileName(url)} did not load`));
    img.src = url;
  });
  // Without CORS (a result host on another origin) it still plays; only its pixels go unread.
  return load(true).catch(() => load(false));
}

/** The player's controls hand the keys back to the player once used. */
const backToPlayer = (el) => el.closest('.player')?.focus({ preventScroll: true });

function select(id, label, options, value, onchange) {
  const el = h('select', { id, onchange: (e) => { onchange(e.target.value); backToPlayer(e.target); } },
    options.map(([v, text, disabled]) => h('option', { value: String(v), disabled }, text)));
  el.value = String(value);
  return h('label', { class: 'control' }, h('span', {}, label), el);
}

function toggle(id, label, checked, onchange, title) {
  const input = h('input', { type: 'checkbox', id, checked, onchange: (e) => { onchange(e.target.checked); backToPlayer(e.target); } });
  return h('label', { class: 'toggle', title }, input, label);
}

/**
 * The animation player: sheet.json's frames drawn on a canvas from the sheet image, each shown for
 * its own `duration` (times speed) from requestAnimationFrame's clock; play/pause, step, first/last,
 * speed, loop or ping-pong, a tag's range, onion skin of the frame shown before, the pivot and the
 * rig as overlays, zoom 1-8x (crisp for pixel art), a timeline to jump to a frame, and keys.
 */
async function spritePlayer(job, sheet) {
  const meta = sheet.meta ?? {};
  const frames = framesOf(sheet);
  const sheetUrl = new URL(meta.image ?? 'sheet.png', job.metadata_url).href;
  // The same sheet on another background (effects' sheet_transparent.png) can be played instead.
  const sources = [sheetUrl, ...(job.image_urls ?? []).filter((u) => u !== sheetUrl && u.endsWith('.png') && !isFrameFile(u))];
  let image = await loadImage(sheetUrl);
  let art = await artOf(sheetUrl, image);
  const W = Math.max(...frames.map((f) => f.sw));
  const H = Math.max(...frames.map((f) => f.sh));
  const tags = (meta.frameTags ?? []).filter((t) => Number.isInteger(t.from) && Number.isInteger(t.to) && t.from >= 0 && t.to < frames.length && t.from <= t.to);
  const pivot = Number.isFinite(meta.pivot?.x) && Number.isFinite(meta.pivot?.y) ? meta.pivot : undefined;
  const rig = Array.isArray(meta.rig?.bones) ? meta.rig : undefined;
  const total = frames.reduce((sum, f) => sum + f.duration, 0);

  const [roomW, roomH] = stageRoom();
  const fits = (z) => W * z <= MAX_CANVAS && H * z <= MAX_CANVAS;
  const fit = fitScale(W, H, roomW, roomH, art);
  const state = {
    tag: tags.length > 0 ? 0 : -1,
    mode: tags[0]?.direction === 'pingpong' ? 'pingpong' : 'loop',
    order: [],
    pos: 0,
    playing: true,
    speed: 1,
    acc: 0,
    last: undefined,
    raf: 0,
    // The largest whole zoom that fits the page; "fit" when even 1x does not.
    zoom: fit.scale >= 1 ? Math.max(1, Math.floor(fit.scale)) : 'fit',
    onion: false,
    pivot: false,
    rig: false,
    source: sheetUrl,
  };
  const scale = () => (state.zoom === 'fit' ? fitScale(W, H, roomW, roomH, art).scale : state.zoom);

  const canvas = h('canvas', { id: 'player-canvas', class: 'player-canvas' });
  const ctx = canvas.getContext('2d');
  const stage = h('div', { class: 'stage', id: 'player-stage', title: 'Click: play / pause', onclick: () => {
    setPlaying(!state.playing);
    root.focus({ preventScroll: true });
  } }, canvas);
  const frameLabel = h('span', { id: 'player-frame', class: 'readout' });
  const durationLabel = h('span', { id: 'player-duration', class: 'readout' });
  // Clicked, the buttons leave the focus where it was, so Space keeps meaning play/pause.
  const noFocus = (e) => e.preventDefault();
  const play = h('button', { type: 'button', id: 'player-play', class: 'primary', title: 'Play / pause (Space)', onclick: () => setPlaying(!state.playing), onmousedown: noFocus });
  const button = (id, text, title, onclick) => h('button', { type: 'button', id, title, 'aria-label': title, onclick, onmousedown: noFocus }, text);

  const timeline = h('div', { class: 'timeline', id: 'player-timeline', role: 'group', 'aria-label': 'Frames' });
  const cellH = 40;
  const cellFit = fitScale(W, H, 64, cellH, art, 4);
  const cells = frames.map((f, i) => {
    const c = h('canvas', { width: Math.max(1, Math.round(W * cellFit.scale)), height: Math.max(1, Math.round(H * cellFit.scale)), class: cellFit.crisp ? 'pixelated' : '' });
    const cell = h('button', { type: 'button', class: 'cell', title: `frame ${i} · ${f.duration} ms`, dataset: { frame: String(i) }, onclick: () => seek(i), onmousedown: noFocus }, c, h('span', {}, String(i)));
    return cell;
  });
  timeline.append(...cells);
  const drawCells = () => {
    for (const [i, cell] of cells.entries()) {
      const c = cell.firstChild;
      const g = c.getContext('2d');
      g.imageSmoothingEnabled = !cellFit.crisp;
      g.clearRect(0, 0, c.width, c.height);
      drawFrame(g, frames[i], cellFit.scale);
    }
  };

  function drawFrame(g, f, s) {
    g.drawImage(image, f.x, f.y, f.w, f.h, f.ox * s, f.oy * s, f.w * s, f.h * s);
  }

  const current = () => state.order[state.pos];
  const previous = () => state.order[(state.pos - 1 + state.order.length) % state.order.length];

  function buildOrder() {
    const keep = state.order.length > 0 ? current() : undefined;
    const tag = tags[state.tag];
    const [from, to] = tag ? [tag.from, tag.to] : [0, frames.length - 1];
    const base = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    if (tag?.direction === 'reverse') base.reverse();
    // Ping-pong turns at each end without showing the end frame twice: 0 1 2 3 2 1 0 1 ...
    state.order = state.mode === 'pingpong' && base.length > 2 ? [...base, ...base.slice(1, -1).reverse()] : base;
    state.end = base.length - 1;
    state.pos = Math.max(0, state.order.indexOf(keep));
  }

  function render() {
    const s = scale();
    const w = Math.max(1, Math.round(W * s));
    const hh = Math.max(1, Math.round(H * s));
    if (canvas.width !== w || canvas.height !== hh) {
      canvas.width = w;
      canvas.height = hh;
    }
    const crisp = art.pixel && (Number.isInteger(s) || Number.isInteger(s * art.block));
    canvas.classList.toggle('pixelated', crisp);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, hh);
    ctx.imageSmoothingEnabled = !crisp;
    ctx.imageSmoothingQuality = 'high';
    const i = current();
    if (state.onion && state.order.length > 1) {
      ctx.globalAlpha = 0.35;
      drawFrame(ctx, frames[previous()], s);
      ctx.globalAlpha = 1;
    }
    drawFrame(ctx, frames[i], s);
    if (state.rig && rig) drawRig(s);
    if (state.pivot && pivot) drawPivot(s);
    const f = frames[i];
    frameLabel.textContent = `Frame ${i} / ${frames.length - 1}`;
    frameLabel.dataset.frame = String(i);
    durationLabel.textContent = `${f.duration} ms`;
    durationLabel.dataset.ms = String(f.duration);
    canvas.dataset.frame = String(i);
    canvas.dataset.zoom = String(state.zoom);
    for (const cell of timeline.querySelectorAll('.cell.current')) {
      cell.classList.remove('current');
      cell.removeAttribute('aria-current');
    }
    const cell = cells[i];
    cell.classList.add('current');
    cell.setAttribute('aria-current', 'true');
    if (cell.offsetLeft < timeline.scrollLeft || cell.offsetLeft + cell.offsetWidth > timeline.scrollLeft + timeline.clientWidth) {
      timeline.scrollLeft = cell.offsetLeft - timeline.clientWidth / 2;
    }
  }

  function drawPivot(s) {
    const x = Math.round(pivot.x * s) + 0.5;
    const y = Math.round(pivot.y * s) + 0.5;
    ctx.save();
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(255, 214, 10, 0.7)';
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(canvas.width, y);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.strokeStyle = '#ffd60a';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x - 7, y);
    ctx.lineTo(x + 7, y);
    ctx.moveTo(x, y - 7);
    ctx.lineTo(x, y + 7);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(x, y, 4, 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
  }

  function drawRig(s) {
    const p = (pt) => [pt[0] * s, pt[1] * s];
    ctx.save();
    ctx.lineCap = 'round';
    for (const bone of rig.bones) {
      if (!Array.isArray(bone.head) || !Array.isArray(bone.tail)) continue;
      const [hx, hy] = p(bone.head);
      const [tx, ty] = p(bone.tail);
      ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)';
      ctx.lineWidth = 4;
      ctx.beginPath();
      ctx.moveTo(hx, hy);
      ctx.lineTo(tx, ty);
      ctx.stroke();
      ctx.strokeStyle = '#ff4fd8';
      ctx.lineWidth = 2;
      ctx.stroke();
      ctx.fillStyle = '#ffffff';
      ctx.strokeStyle = '#ff4fd8';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(hx, hy, 3, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = '#ff4fd8';
      ctx.beginPath();
      ctx.arc(tx, ty, 2, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.restore();
  }

  function tick(now) {
    state.raf = 0;
    if (!canvas.isConnected || !state.playing) return;
    // A hidden tab gets no frames: it resumes where it was rather than racing through the gap.
    const dt = Math.min(now - (state.last ?? now), 250);
    state.last = now;
    state.acc += dt * state.speed;
    let moved = false;
    while (state.acc >= frames[current()].duration) {
      state.acc -= frames[current()].duration;
      state.pos = (state.pos + 1) % state.order.length;
      moved = true;
    }
    if (moved) render();
    state.raf = requestAnimationFrame(tick);
  }

  function setPlaying(on) {
    state.playing = on;
    play.replaceChildren(icon(on ? 'pause' : 'play'), on ? ' Pause' : ' Play');
    root.dataset.playing = String(on);
    if (on) {
      // The frame shown now gets its whole duration from this moment.
      state.acc = 0;
      state.last = performance.now();
      if (!state.raf) state.raf = requestAnimationFrame(tick);
    } else if (state.raf) {
      cancelAnimationFrame(state.raf);
      state.raf = 0;
    }
  }

  /** Steps along the play order (so ping-pong steps turn at the ends too); pauses. */
  function step(by) {
    setPlaying(false);
    state.pos = (state.pos + by + state.order.length) % state.order.length;
    render();
  }

  function seek(frame) {
    setPlaying(false);
    let pos = state.order.indexOf(frame);
    if (pos < 0) {
      // Outside the tag's range: play every frame.
      state.tag = -1;
      if (tagControl) tagControl.querySelector('select').value = '-1';
      buildOrder();
      pos = state.order.indexOf(frame);
    }
    state.pos = Math.max(0, pos);
    render();
  }

  function setZoom(z) {
    state.zoom = z === 'fit' ? 'fit' : Number(z);
    zoomControl.querySelector('select').value = String(state.zoom);
    render();
  }

  function zoomBy(d) {
    const options = [...(needsFit ? ['fit'] : []), ...ZOOMS.filter(fits)];
    const at = options.indexOf(state.zoom);
    const next = options[Math.min(options.length - 1, Math.max(0, at + d))];
    if (next !== undefined) setZoom(next);
  }

  async function setSource(url) {
    const next = await loadImage(url);
    if (next.naturalWidth !== image.naturalWidth || next.naturalHeight !== image.naturalHeight) return;
    image = next;
    art = await artOf(url, next);
    state.source = url;
    drawCells();
    render();
  }

  const needsFit = fit.scale < 1;
  const zoomControl = select('player-zoom', 'Zoom', [...(needsFit ? [['fit', 'Fit']] : []), ...ZOOMS.map((z) => [z, `${z}×`, !fits(z)])], state.zoom, setZoom);
  const speedControl = select('player-speed', 'Speed', SPEEDS.map((s) => [s, `${s}×`]), 1, (v) => {
    state.speed = Number(v);
  });
  const modeControl = select('player-mode', 'Play', [['loop', 'Loop'], ['pingpong', 'Ping-pong']], state.mode, (v) => {
    state.mode = v;
    buildOrder();
    render();
  });
  const tagControl = tags.length > 1 || (tags.length === 1 && (tags[0].from > 0 || tags[0].to < frames.length - 1))
    ? select('player-tag', 'Tag', [...tags.map((t, i) => [i, `${t.name} (${t.from}–${t.to})`]), [-1, 'All frames']], state.tag, (v) => {
      state.tag = Number(v);
      const direction = tags[state.tag]?.direction;
      if (direction === 'pingpong' || direction === 'forward') modeControl.querySelector('select').value = state.mode = direction === 'pingpong' ? 'pingpong' : 'loop';
      state.order = [];
      buildOrder();
      render();
    })
    : undefined;
  const sourceControl = sources.length > 1
    ? select('player-source', 'Sheet', sources.map((u) => [u, fileName(u)]), sheetUrl, (v) => void setSource(v))
    : undefined;
  const redraw = (name) => (on) => {
    state[name] = on;
    render();
  };

  const root = h('div', { class: 'player', id: 'player', tabindex: '-1', dataset: { frames: String(frames.length), art: art.pixel ? 'pixel' : 'smooth' } },
    stage,
    h('div', { class: 'transport' },
      button('player-first', icon('first'), 'First frame (Home)', () => {
        setPlaying(false);
        state.pos = 0;
        render();
      }),
      button('player-prev', icon('prev'), 'Previous frame (←)', () => step(-1)),
      play,
      button('player-next', icon('next'), 'Next frame (→)', () => step(1)),
      button('player-last', icon('last'), 'Last frame (End)', () => {
        setPlaying(false);
        state.pos = state.end;
        render();
      }),
      frameLabel, durationLabel,
      h('span', { class: 'muted' }, `${frames.length} frames · ${(total / 1000).toFixed(2)} s · ${W}×${H} px${art.pixel ? ` · pixel art, ${art.colors} colours` : ''}`),
    ),
    h('div', { class: 'controls' },
      speedControl, modeControl, tagControl, zoomControl, sourceControl,
      h('span', { class: 'toggles' },
        toggle('player-onion', 'Onion skin', false, redraw('onion'), 'The frame shown before, faint, under this one (O)'),
        pivot ? toggle('player-pivot', 'Pivot', false, redraw('pivot'), `The ground point engines place the sprite by: ${pivot.x}, ${pivot.y} (P)`) : undefined,
        rig ? toggle('player-rig', `Rig (${[rig.plan, rig.view].filter(Boolean).join(', ')})`, false, redraw('rig'), 'The bones found, joint to end (R)') : undefined),
      backgroundControl(),
    ),
    timeline,
    h('p', { class: 'muted keys' }, 'Keys: Space play/pause · ←/→ step · Home/End first/last · +/− zoom · [ ] speed · O onion skin', pivot ? ' · P pivot' : '', rig ? ' · R rig' : '', ' · L loop/ping-pong'),
  );

  const check = (id) => {
    const input = root.querySelector(`#${id}`);
    if (!input) return false;
    input.checked = !input.checked;
    input.dispatchEvent(new Event('change'));
    return true;
  };
  const cycle = (control, d) => {
    const el = control.querySelector('select');
    const options = [...el.options].filter((o) => !o.disabled);
    const at = options.findIndex((o) => o.value === el.value);
    const next = options[Math.min(options.length - 1, Math.max(0, at + d))];
    if (next && next.value !== el.value) {
      el.value = next.value;
      el.dispatchEvent(new Event('change'));
    }
    return true;
  };
  activeViewer = {
    el: root,
    key(event) {
      switch (event.key) {
        case ' ': case 'k': case 'K': setPlaying(!state.playing); return true;
        case 'ArrowRight': case '.': step(1); return true;
        case 'ArrowLeft': case ',': step(-1); return true;
        case 'Home': root.querySelector('#player-first').click(); return true;
        case 'End': root.querySelector('#player-last').click(); return true;
        case '+': case '=': zoomBy(1); return true;
        case '-': case '_': zoomBy(-1); return true;
        case ']': return cycle(speedControl, 1);
        case '[': return cycle(speedControl, -1);
        case 'o': case 'O': return check('player-onion');
        case 'p': case 'P': return check('player-pivot');
        case 'r': case 'R': return check('player-rig');
        case 'l': case 'L': return cycle(modeControl, modeControl.querySelector('select').value === 'loop' ? 1 : -1);
        default: return false;
      }
    },
  };

  buildOrder();
  drawCells();
  render();
  setPlaying(true);
  root.dataset.ready = 'true';
  return root;
}

/** Still results: the chosen image at a whole-number zoom (crisp pixel art) on the chosen background. */
function imageViewer(urls) {
  const [roomW, roomH] = stageRoom();
  const state = { url: urls[0], zoom: 1, art: SMOOTH, w: 0, h: 0 };
  const img = h('img', { id: 'viewer-image', alt: '' });
  const stage = h('div', { class: 'stage', id: 'viewer-stage' }, img);
  const info = h('span', { class: 'muted', id: 'viewer-info' });
  const zoomSelect = h('select', { id: 'viewer-zoom', onchange: (e) => setZoom(e.target.value) });
  const picks = urls.length > 1
    ? h('div', { class: 'picks' }, urls.map((u) => h('button', { type: 'button', class: 'pick', title: fileName(u), onclick: () => show(u) }, fittedImage(u, fileName(u), [56, 56]))))
    : undefined;

  function apply() {
    const s = state.zoom === 'fit' ? fitScale(state.w, state.h, roomW, roomH, state.art).scale : state.zoom;
    img.style.width = `${Math.max(1, Math.round(state.w * s))}px`;
    img.style.height = `${Math.max(1, Math.round(state.h * s))}px`;
    img.classList.toggle('pixelated', state.art.pixel && (Number.isInteger(s) || Number.isInteger(s * state.art.block)));
    img.dataset.zoom = String(state.zoom);
  }
  function setZoom(z) {
    state.zoom = z === 'fit' ? 'fit' : Number(z);
    zoomSelect.value = String(state.zoom);
    apply();
  }
  async function show(url) {
    const loaded = await loadImage(url);
    state.url = url;
    state.w = loaded.naturalWidth;
    state.h = loaded.naturalHeight;
    state.art = await artOf(url, loaded);
    img.src = loaded.src;
    img.alt = fileName(url);
    const fit = fitScale(state.w, state.h, roomW, roomH, state.art);
    const needsFit = fit.scale < 1;
    zoomSelect.replaceChildren(...(needsFit ? [h('option', { value: 'fit' }, 'Fit')] : []),
      ...ZOOMS.map((z) => h('option', { value: String(z), disabled: state.w * z > 16384 || state.h * z > 16384 }, `${z}×`)));
    info.textContent = `${fileName(url)} · ${state.w}×${state.h} px${state.art.pixel ? ` · pixel art, ${state.art.colors} colours${state.art.block > 1 ? `, drawn at ${state.art.block}× (art pixels of ${state.art.block} px)` : ''}` : ''}`;
    for (const b of picks?.children ?? []) b.setAttribute('aria-pressed', String(b.title === fileName(url)));
    setZoom(needsFit ? 'fit' : Math.max(1, Math.floor(fit.scale)));
    root.dataset.ready = 'true';
  }

  const root = h('div', { class: 'player', id: 'image-viewer' },
    stage,
    h('div', { class: 'controls' }, h('label', { class: 'control' }, h('span', {}, 'Zoom'), zoomSelect), backgroundControl(), info),
    picks,
    h('p', { class: 'muted keys' }, 'Keys: +/− zoom'));
  activeViewer = {
    el: root,
    key(event) {
      const options = [...zoomSelect.options].filter((o) => !o.disabled).map((o) => o.value);
      const at = options.indexOf(String(state.zoom));
      if (event.key === '+' || event.key === '=') setZoom(options[Math.min(options.length - 1, at + 1)]);
      else if (event.key === '-' || event.key === '_') setZoom(options[Math.max(0, at - 1)]);
      else return false;
      return true;
    },
  };
  void show(urls[0]);
  return root;
}

// ---------- playground ----------

async function spec() {
  openapi ??= await (await fetch('/openapi.json')).json();
  return openapi;
}

const MULTILINE = new Set(['rows', 'prompt', 'description', 'text']);


/** A GIF's frames and browser playback length (0 and 1 cs play as 10 cs), by walking its blocks. */
function gifLength(bytes) {
  if (bytes.length < 13 || bytes[0] !== 0x47 || bytes[1] !== 0x49 || bytes[2] !== 0x46) return undefined;
  const table = (flags) => (flags & 0x80 ? 3 * (1 << ((flags & 7) + 1)) : 0);
  const skip = (pos) => {
    while (pos < bytes.length) {
      const n = bytes[pos++];
      if (n === 0) break;
      pos += n;
    }
    return pos;
  };
  let pos = 13 + table(bytes[10]);
  let delay = 0;
  let frames = 0;
  let ms = 0;
  while (pos < bytes.length) {
    const block = bytes[pos++];
    if (block === 0x21) {
      const label = bytes[pos++];
      if (label === 0xf9 && bytes[pos] >= 4) delay = bytes[pos + 2] | (bytes[pos + 3] << 8);
      pos = skip(pos);
    } else if (block === 0x2c) {
      pos += 9 + table(bytes[pos + 8]) + 1; // descriptor, local colour table, LZW code size
      pos = skip(pos);
      frames++;
      ms += (delay <= 1 ? 10 : delay) * 10;
      delay = 0;
    } else break; // the trailer, or anything that starts no block, ends the file (as browsers read it)
  }
  return frames > 0 ? { frames, ms } : undefined;
}

/** Per chosen file: { width, height, gif?: {frames, ms} } once read. */
const fileInfo = new WeakMap();

/**
 * The price of the form as filled in: { credits } when known, else { range, need } naming what is
 * missing, and `why` saying what picked the price.
 */
function priceOf(rule, schema, form) {
  if (rule === undefined) return { unknown: true };
  if (typeof rule === 'number') return { credits: rule, why: 'one price' };
  const valueOf = (name) => {
    const el = form.querySelector(`[name="${CSS.escape(name)}"]`);
    const v = el?.value ?? '';
    return v === '' ? schema.properties[name]?.default : v;
  };
  const restyled = (ms) => (ms > rule.restyle.overMs ? rule.restyle.over : rule.restyle.atMost);
  if (rule.restyle && valueOf('mode') === 'video_restyle') {
    const all = [rule.restyle.atMost, rule.restyle.over];
    const range = [Math.min(...all), Math.max(...all)];
    const source = form.querySelector('[name="images"]')?.files?.[0];
    const info = source && fileInfo.get(source);
    let ms;
    let from;
    if (info?.gif) {
      ms = info.gif.ms;
      from = `${source.name}: ${info.gif.frames} frames, ${(ms / 1000).toFixed(2)} s`;
    } else if (source && info && !info.gif) {
      try {
        const grid = JSON.parse(valueOf('sprite_grid') ?? '');
        if (Number.isInteger(grid?.columns) && Number.isInteger(grid?.rows)) {
          const n = grid.columns * grid.rows;
          return { credits: n >= rule.restyle.overSheetFrames ? rule.restyle.over : rule.restyle.atMost, why: `a sheet of ${n} frames: ${n >= rule.restyle.overSheetFrames ? 'at least' : 'under'} ${rule.restyle.overSheetFrames} frames` };
        }
      } catch {
        // not JSON yet
      }
    }
    if (ms === undefined) return { range, need: source ? (info ? 'sprite_grid' : 'reading the source…') : 'the source (images)' };
    return { credits: restyled(ms), why: `${from}: ${ms > rule.restyle.overMs ? 'longer than' : 'at most'} ${rule.restyle.overMs / 1000} s` };
  }
  if (rule.by === undefined) return { credits: rule.credits, why: 'one price' };
  const allowed = (schema.properties[rule.by]?.enum ?? Object.keys(rule.prices)).map(String).filter((v) => rule.prices[v] !== undefined);
  const value = valueOf(rule.by);
  if (value !== undefined && rule.prices[value] !== undefined) return { credits: rule.prices[value], why: `${rule.by} ${value}` };
  const all = allowed.map((v) => rule.prices[v]);
  return { range: [Math.min(...all), Math.max(...all)], need: rule.by };
}

async function readFileInfo(file) {
  if (fileInfo.has(file)) return fileInfo.get(file);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const info = { gif: file.type === 'image/gif' || (bytes[0] === 0x47 && bytes[1] === 0x49) ? gifLength(bytes) : undefined };
  fileInfo.set(file, info);
  return info;
}

async function renderPlayground(path) {
  const doc = await spec();
  // Unversioned twins (deprecated) are left out: the playground offers each kind once.
  const endpoints = Object.entries(doc.paths).filter(([, ops]) => ops.post?.requestBody?.content?.['multipart/form-data'] && !ops.post.deprecated);
  const full = `/public/v1${path}`;
  const current = endpoints.find(([p]) => p === full) ?? endpoints[0];
  const [apiPath, ops] = current;
  const kind = ops.post['x-job-kind'];
  const schema = ops.post.requestBody.content['multipart/form-data'].schema;
  // The kinds as tabs across the top, grouped by the first part of their path.
  const groups = new Map();
  for (const entry of endpoints) {
    const group = entry[0].split('/')[3];
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  const menu = h('nav', { class: 'kinds', 'aria-label': 'Job kinds' }, [...groups].map(([group, list]) =>
    h('div', { class: 'kind-group' }, h('span', { class: 'group' }, group),
      h('ul', {}, list.map(([p]) => h('li', {}, h('a', { href: `#/new${p.slice('/public/v1'.length)}`, class: p === apiPath ? 'current' : '', 'aria-current': p === apiPath ? 'page' : undefined }, p.slice(`/public/v1/${group}/`.length))))))));

  const summary = h('p', { class: 'form-error', role: 'alert', id: 'form-error' });
  const fields = Object.entries(schema.properties).map(([name, prop]) => field(name, prop, schema.required.includes(name)));
  const submit = h('button', { type: 'submit', class: 'primary', form: 'endpoint-form' }, 'Submit');
  const form = h('form', { class: 'endpoint-form', id: 'endpoint-form', dataset: { endpoint: apiPath }, novalidate: true, onsubmit: (e) => send(e) }, ...fields);
  const priceEl = h('div', { class: 'price', id: 'price', 'aria-live': 'polite' });
  const afterEl = h('div', { class: 'muted', id: 'price-after' });
  const whyEl = h('div', { class: 'muted', id: 'price-why' });

  function showPrice() {
    const p = priceOf(ops.post['x-price'], schema, form);
    priceEl.dataset.credits = p.credits === undefined ? '' : String(p.credits);
    if (p.credits !== undefined) {
      priceEl.replaceChildren(h('strong', {}, String(p.credits)), ` credit${p.credits === 1 ? '' : 's'}`);
      whyEl.textContent = p.why ?? '';
      if (credits !== undefined) {
        afterEl.textContent = `Balance after: ${credits - p.credits}`;
        afterEl.classList.toggle('error', credits < p.credits);
        if (credits < p.credits) afterEl.textContent = `Not enough credits: the balance is ${credits}`;
      } else afterEl.textContent = '';
    } else if (p.unknown) {
      priceEl.textContent = 'Price not known here';
      whyEl.textContent = 'The server names it when it charges (see the balance).';
      afterEl.textContent = '';
    } else {
      priceEl.replaceChildren(h('strong', {}, p.range[0] === p.range[1] ? String(p.range[0]) : `${p.range[0]}–${p.range[1]}`), ' credits');
      whyEl.textContent = `depends on ${p.need}`;
      afterEl.textContent = '';
    }
  }
  const onBalance = () => (form.isConnected ? showPrice() : document.removeEventListener('balance', onBalance));
  document.addEventListener('balance', onBalance);
  form.addEventListener('input', showPrice);
  form.addEventListener('change', async (event) => {
    const input = event.target;
    if (input.type === 'file') {
      await Promise.all([...input.files].map(readFileInfo));
      showPreviews(input);
    }
    showPrice();
  });

  async function send(event) {
    event.preventDefault();
    for (const el of form.querySelectorAll('.field')) el.classList.remove('invalid');
    for (const el of form.querySelectorAll('.field-error')) el.textContent = '';
    summary.textContent = '';
    const data = new FormData();
    for (const input of form.querySelectorAll('[name]')) {
      if (input.type === 'file') for (const file of input.files) data.append(input.name, file, file.name);
      else if (input.value !== '') data.append(input.name, input.value);
    }
    submit.disabled = true;
    const res = await api(apiPath, { method: 'POST', body: data });
    submit.disabled = false;
    if (res.status === 200) {
      remember(res.body.job_id, { status: 'Pending', kind, created_at: new Date().toISOString(), image_urls: [] });
      void refreshBalance();
      location.hash = `#/job/${res.body.job_id}`;
      return;
    }
    showErrors(form, summary, res);
  }

  main.replaceChildren(h('section', { class: 'playground' },
    h('h1', {}, 'Playground'),
    menu,
    h('div', { class: 'endpoint-head' }, h('h2', {}, h('code', {}, `POST ${apiPath}`)), h('p', { class: 'muted' }, ops.post.summary)),
    h('div', { class: 'playground-body' },
      form,
      h('aside', { class: 'submit-box' },
        h('div', { class: 'muted' }, 'Price'), priceEl, whyEl, afterEl,
        submit, summary))));
  showPrice();
}

/** Thumbnails of the files chosen in a file input, with their size (and a GIF's length). */
function showPreviews(input) {
  const box = input.closest('.field')?.querySelector('.previews');
  if (!box) return;
  for (const img of box.querySelectorAll('img')) URL.revokeObjectURL(img.src);
  box.replaceChildren(...[...input.files].map((file) => {
    const url = URL.createObjectURL(file);
    const caption = h('figcaption', {}, file.name);
    const img = fittedImage(url, file.name, [96, 96], { gif: file.type === 'image/gif' });
    img.addEventListener('load', () => {
      const gif = fileInfo.get(file)?.gif;
      caption.textContent = `${file.name} · ${img.naturalWidth}×${img.naturalHeight}${gif ? ` · ${gif.frames} frames, ${(gif.ms / 1000).toFixed(2)} s` : ''}`;
    }, { once: true });
    return h('figure', { class: 'preview' }, h('div', { class: 'preview-box' }, img), caption);
  }));
}

function field(name, prop, required) {
  const id = `f-${name}`;
  let control;
  const isFile = prop.format === 'binary' || prop.items?.format === 'binary';
  if (isFile) control = h('input', { type: 'file', id, name, multiple: prop.type === 'array', accept: 'image/png,image/jpeg,image/webp,image/gif' });
  else if (prop.enum || prop.type === 'boolean') {
    const values = prop.enum ?? [true, false];
    const blank = required ? '— choose —' : prop.default === undefined ? '(not sent)' : `(default: ${prop.default})`;
    control = h('select', { id, name }, h('option', { value: '' }, blank), values.map((v) => h('option', { value: String(v) }, String(v))));
  } else if (MULTILINE.has(name) || name === 'sprite_grid') control = h('textarea', { id, name, rows: name === 'rows' ? 4 : 2, placeholder: name === 'sprite_grid' ? '{"columns": 6, "rows": 6}' : name === 'rows' ? '[{"row": 0, "title": "walk", "description": "walking"}]' : '' });
  else control = h('input', { id, name, type: prop.type === 'integer' ? 'number' : 'text' });
  const hint = isFile ? (prop.type === 'array' ? 'files (several allowed)' : 'file') : prop.type + (prop.default !== undefined ? `, default ${JSON.stringify(prop.default)}` : '');
  return h('div', { class: 'field', dataset: { field: name } },
    h('label', { for: id }, name, required ? h('span', { class: 'req', title: 'required' }, ' *') : ''),
    control,
    isFile ? h('div', { class: 'previews', id: `preview-${name}` }) : undefined,
    h('div', { class: 'hint' }, hint),
    h('div', { class: 'field-error', id: `err-${name}`, role: 'alert' }));
}

/** 422 entries go next to their fields; a 400 detail goes next to the field it names, else above the button. */
function showErrors(form, summary, res) {
  const names = [...form.querySelectorAll('.field')].map((el) => el.dataset.field);
  const put = (name, message) => {
    const box = form.querySelector(`#err-${CSS.escape(name)}`);
    if (!box) return false;
    box.textContent = box.textContent ? `${box.textContent}; ${message}` : message;
    box.closest('.field').classList.add('invalid');
    return true;
  };
  const detail = res.body?.detail;
  if (Array.isArray(detail)) {
    summary.textContent = `${res.status}: ${detail.length} field${detail.length === 1 ? '' : 's'} to fix`;
    for (const entry of detail) if (!put(String(entry.loc?.[1] ?? ''), entry.msg)) summary.textContent += ` · ${entry.msg}`;
    return;
  }
  const message = typeof detail === 'string' ? detail : `Error ${res.status}`;
  const target = fieldNamed(message, names);
  if (target && put(target, message)) summary.textContent = `${res.status}: see ${target}`;
  else summary.textContent = message;
}

/** The field a rule message is about: the first word naming a field (or its plural). */
function fieldNamed(message, names) {
  for (const word of message.split(/[^A-Za-z0-9_]+/)) {
    if (names.includes(word)) return word;
    if (names.includes(`${word}s`)) return `${word}s`;
  }
  return undefined;
}

// ---------- start ----------

applyBackground();
document.getElementById('signout').addEventListener('click', () => signOut());
window.addEventListener('hashchange', () => void route());
void route();
