// spritekiln dashboard: plain ES module, no build step, no third-party code. The API key lives in
// sessionStorage only and travels in the Authorization header, never in a URL or a cookie. Forms are
// generated from /openapi.json (itself generated from the server's valibot schemas), and every error
// shown is the server's own `detail`.
const KEY = 'spritekiln.key';
const main = document.getElementById('main');
const nav = document.getElementById('nav');
const balanceEl = document.getElementById('balance');

/** Jobs seen this session, by id: list items merged with job endpoint answers. */
const jobs = new Map();
/** Job ids being long-polled; `session` changes on sign-in/out so old polls stop. */
const watching = new Set();
let session = 0;
let openapi;

// ---------- helpers ----------

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else if (name === 'dataset') Object.assign(el.dataset, value);
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

function remember(id, fields) {
  const job = { ...(jobs.get(id) ?? { job_id: id }), ...fields };
  jobs.set(id, job);
  return job;
}

// ---------- session ----------

async function refreshBalance() {
  const res = await api('/public/v1/account');
  if (res.status === 200) balanceEl.textContent = String(res.body.credits);
  else if (res.status === 401 || res.status === 404) signOut(res.body?.detail);
}

function signOut(message) {
  sessionStorage.removeItem(KEY);
  session++;
  watching.clear();
  jobs.clear();
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

function jobCard(job) {
  const src = job.status === 'Succeed' ? preview(job.image_urls) : undefined;
  return h('li', { class: 'card', dataset: { job: job.job_id, status: job.status } },
    h('a', { href: `#/job/${job.job_id}`, title: job.job_id },
      h('div', { class: 'thumb' }, src ? h('img', { src, alt: `${job.kind ?? 'job'} result`, loading: 'lazy' }) : h('span', { class: `status ${job.status}` }, job.status)),
      h('div', { class: 'info' },
        h('span', { class: `status ${job.status}` }, job.status),
        h('span', { class: 'kind' }, job.kind ?? ''),
        h('span', { class: 'muted' }, job.cost === undefined ? '' : `${job.cost} credits`),
        h('time', { class: 'muted', datetime: job.created_at ?? '' }, when(job.created_at)),
      ),
    ),
  );
}

async function renderGallery() {
  const list = h('ul', { class: 'gallery', id: 'gallery' });
  const more = h('p', {});
  main.replaceChildren(h('section', {},
    h('h1', {}, 'Your jobs'),
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
  const section = h('section', { dataset: { jobPage: job.job_id, status: job.status } },
    h('p', {}, h('a', { href: '#/' }, '← Gallery')),
    h('h1', {}, job.kind ?? 'Job', ' ', h('span', { class: `status ${job.status}`, id: 'job-status' }, job.status)),
    h('p', { class: 'muted' }, h('code', {}, job.job_id), job.cost === undefined ? '' : ` · ${job.cost} credits`, job.created_at ? ` · ${when(job.created_at)}` : ''),
  );
  if (job.status === 'Pending') {
    section.append(h('div', { class: 'progress', title: 'progress' }, h('div', { style: `width: ${Math.round((job.progress ?? 0) * 100)}%` })));
    return section;
  }
  if (job.status === 'Failed') {
    section.append(h('p', { class: 'error', role: 'alert' }, job.error ?? 'Failed'));
    return section;
  }
  const urls = job.image_urls ?? [];
  section.append(h('h2', {}, 'Outputs'), h('div', { class: 'outputs' }, urls.map((url) =>
    h('figure', {}, h('img', { src: url, alt: fileName(url) }), h('figcaption', {}, h('a', { href: url, download: fileName(url) }, fileName(url)))))));
  const files = h('div', { class: 'files', id: 'files' }, urls.map((url) => h('a', { class: 'button', href: url, download: fileName(url) }, `⤓ ${fileName(url)}`)));
  const snippets = h('div', { id: 'snippets' });
  section.append(h('h2', {}, 'Files'), files, h('h2', {}, 'Use it'), snippets);
  void addMetadata(job, files, snippets);
  return section;
}

async function addMetadata(job, files, snippets) {
  let meta;
  if (job.metadata_url) {
    files.append(h('a', { class: 'button', href: job.metadata_url, download: 'sheet.json' }, '⤓ sheet.json'));
    try {
      meta = (await (await fetch(job.metadata_url)).json()).meta;
    } catch {
      meta = undefined;
    }
    for (const name of Object.values(meta?.exports ?? {})) {
      const url = new URL(name, job.metadata_url).href;
      files.append(h('a', { class: 'button', href: url, download: name }, `⤓ ${name}`));
    }
  }
  snippets.replaceChildren(...codeSnippets(job, meta).map(([title, code]) => snippet(title, code)));
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
  out.push(['curl', [
    'export SPRITEKILN_KEY=sk_...   # your key',
    `curl -s -H "Authorization: Bearer $SPRITEKILN_KEY" '${location.origin}/public/v1/job/${job.job_id}'`,
    `mkdir -p ${short} && cd ${short}`,
    ...urls.map((u) => `curl -sO '${u}'`),
    ...(job.metadata_url ? [`curl -sO '${job.metadata_url}'`] : []),
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

// ---------- playground ----------

async function spec() {
  openapi ??= await (await fetch('/openapi.json')).json();
  return openapi;
}

const MULTILINE = new Set(['rows', 'prompt', 'description', 'text']);

async function renderPlayground(path) {
  const doc = await spec();
  // Unversioned twins (deprecated) are left out: the playground offers each kind once.
  const endpoints = Object.entries(doc.paths).filter(([, ops]) => ops.post?.requestBody?.content?.['multipart/form-data'] && !ops.post.deprecated);
  const full = `/public/v1${path}`;
  const current = endpoints.find(([p]) => p === full) ?? endpoints[0];
  const [apiPath, ops] = current;
  const schema = ops.post.requestBody.content['multipart/form-data'].schema;
  const menu = h('ul', {}, endpoints.map(([p]) => h('li', {}, h('a', { href: `#/new${p.slice('/public/v1'.length)}`, class: p === apiPath ? 'current' : '' }, p.slice('/public/v1/'.length)))));

  const summary = h('p', { class: 'form-error', role: 'alert', id: 'form-error' });
  const fields = Object.entries(schema.properties).map(([name, prop]) => field(name, prop, schema.required.includes(name)));
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Submit');
  const form = h('form', { class: 'endpoint-form', id: 'endpoint-form', dataset: { endpoint: apiPath }, novalidate: true, onsubmit: (e) => send(e) },
    ...fields, summary, h('div', {}, submit));

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
      remember(res.body.job_id, { status: 'Pending', kind: ops.post['x-job-kind'], created_at: new Date().toISOString(), image_urls: [] });
      void refreshBalance();
      location.hash = `#/job/${res.body.job_id}`;
      return;
    }
    showErrors(form, summary, res);
  }

  main.replaceChildren(h('section', {}, h('h1', {}, 'Playground'),
    h('div', { class: 'playground' }, h('nav', {}, menu),
      h('div', {}, h('h2', {}, h('code', {}, `POST ${apiPath}`)), h('p', { class: 'muted' }, ops.post.summary), form))));
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

document.getElementById('signout').addEventListener('click', () => signOut());
window.addEventListener('hashchange', () => void route());
void route();
