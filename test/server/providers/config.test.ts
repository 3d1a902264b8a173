// spritekiln.config.json and its environment overrides: what runs where, and the start-up errors a
// user sees for a missing key or a mistyped config.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { loadProviderPlan } from '../../../server/engines/providerConfig.ts';
import { startService } from '../../../server/service.ts';

let dir: string;
const UP = { type: 'upstream', baseUrl: 'http://127.0.0.1:9/', keyEnv: 'UPSTREAM_KEY' };
const IMG = { type: 'images-api', baseUrl: 'http://127.0.0.1:9', model: 'm1', keyEnv: 'IMG_KEY' };

async function cfg(body: unknown, name = 'spritekiln.config.json') {
  const path = join(dir, name);
  await writeFile(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spritekiln-config-'));
});

describe('provider config', () => {
  it('no file and no variables: every kind on the built-in engine', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'spritekiln-nocfg-'));
    const plan = loadProviderPlan({}, empty);
    expect([...plan.providers.keys()]).toEqual(['local']);
    expect(new Set(plan.kinds.values())).toEqual(new Set(['local']));
    expect(plan.source).toBeUndefined();
  });

  it('spritekiln.config.json in the working folder is read; kinds, "*" and models map to providers', async () => {
    await cfg({ providers: { hosted: UP, img: IMG }, kinds: { '*': 'hosted', 'effect/v2': 'local' }, models: { 'Alpha Image 2': 'img', Gamma: { provider: 'img', model: 'm2' } } });
    const plan = loadProviderPlan({ UPSTREAM_KEY: 'k1', IMG_KEY: 'k2' }, dir);
    expect(plan.kinds.get('zenith')).toBe('hosted');
    expect(plan.kinds.get('effect/v2')).toBe('local');
    expect(plan.models.get('Alpha Image 2')).toBe('img');
    expect(plan.providers.get(plan.models.get('Gamma')!)).toMatchObject({ type: 'images-api', model: 'm2', key: 'k2' });
    expect(plan.providers.get('hosted')).toMatchObject({ baseUrl: 'http://127.0.0.1:9', key: 'k1', keyEnv: 'UPSTREAM_KEY' });
  });

  it('environment overrides: SPRITEKILN_PROVIDER, SPRITEKILN_PROVIDER_<KIND>, SPRITEKILN_BASE_URL_<NAME>, SPRITEKILN_MODEL_<NAME>', async () => {
    const path = await cfg({ providers: { hosted: UP, img: IMG } }, 'env.json');
    const plan = loadProviderPlan({
      SPRITEKILN_CONFIG: path, UPSTREAM_KEY: 'k', IMG_KEY: 'k',
      SPRITEKILN_PROVIDER: 'hosted', SPRITEKILN_PROVIDER_GENERATE_IMAGE: 'img', SPRITEKILN_PROVIDER_MAKE_SPRITE_V2: 'local',
      SPRITEKILN_BASE_URL_HOSTED: 'https://sprites.example.com', SPRITEKILN_MODEL_IMG: 'm9',
    }, '/');
    expect(plan.kinds.get('pulsar')).toBe('hosted');
    expect(plan.kinds.get('make-sprite/v2')).toBe('local');
    expect(plan.kinds.get('generate/image')).toBe('img');
    expect(plan.providers.get('hosted')?.baseUrl).toBe('https://sprites.example.com');
    expect(plan.providers.get('img')?.model).toBe('m9');
  });

  it('a provider that is declared but not used needs no key', async () => {
    await cfg({ providers: { hosted: UP } }, 'unused.json');
    expect(() => loadProviderPlan({ SPRITEKILN_CONFIG: join(dir, 'unused.json') }, '/')).not.toThrow();
  });

  const BAD: [string, unknown, Record<string, string>, RegExp][] = [
    ['a missing key names its variable', { providers: { hosted: UP }, kinds: { zenith: 'hosted' } }, {}, /The environment variable UPSTREAM_KEY is not set: provider "hosted" \(upstream\)/],
    ['a key written in the file is refused', { providers: { hosted: { ...UP, key: 'sk_x' } }, kinds: { zenith: 'hosted' } }, { UPSTREAM_KEY: 'k' }, /keys are not read from the config file/],
    ['an unknown provider name', { kinds: { zenith: 'nope' } }, {}, /no provider named "nope"/],
    ['an unknown kind', { kinds: { zenit: 'local' } }, {}, /kinds\.zenit: not a job kind/],
    ['a model API for a sheet kind', { providers: { img: IMG }, kinds: { zenith: 'img' } }, { IMG_KEY: 'k' }, /zenith is mapped to "img", a images-api provider, which only makes generate\/image/],
    ['a bad type', { providers: { x: { type: 'magic' } }, kinds: { zenith: 'x' } }, {}, /providers\.x\.type must be one of local, upstream, images-api, generate-content/],
    ['no baseUrl', { providers: { x: { type: 'upstream', keyEnv: 'K' } }, kinds: { zenith: 'x' } }, { K: 'k' }, /providers\.x\.baseUrl must be an http\(s\) URL/],
    ['no model for a model API', { providers: { x: { ...IMG, model: undefined } }, models: { Gamma: 'x' } }, { IMG_KEY: 'k' }, /providers\.x\.model must name the remote model/],
    ['an unknown model', { providers: { img: IMG }, models: { 'Gamma 3': 'img' } }, { IMG_KEY: 'k' }, /models\["Gamma 3"\]: not an ai_model/],
    ['one model under both its names', { providers: { img: IMG }, models: { Gamma: 'img', 'Nano Banana': 'img' } }, { IMG_KEY: 'k' }, /models\["Nano Banana"\]: "Gamma" is mapped twice/],
    ['not JSON', '{ "providers": ', {}, /not valid JSON/],
  ];
  it.each(BAD)('%s', async (_n, body, env, message) => {
    const path = await cfg(body, 'bad.json');
    expect(() => loadProviderPlan({ SPRITEKILN_CONFIG: path, ...env }, '/')).toThrow(message);
  });

  it('SPRITEKILN_CONFIG naming a missing file is an error', () => {
    expect(() => loadProviderPlan({ SPRITEKILN_CONFIG: join(dir, 'absent.json') }, '/')).toThrow(/does not exist/);
  });

  it('the server does not start without the key, and says which variable; nothing is left locked', async () => {
    const path = await cfg({ providers: { hosted: UP }, kinds: { '*': 'hosted' } }, 'start.json');
    const data = await mkdtemp(join(tmpdir(), 'spritekiln-start-'));
    const env = { SPRITEKILN_DATA: data, SPRITEKILN_CONFIG: path, PORT: '0', SPRITEKILN_WORKERS: '1' };
    await expect(startService(loadConfig(env), () => {}, env)).rejects.toThrow('The environment variable UPSTREAM_KEY is not set');
    const lines: string[] = [];
    const service = await startService(loadConfig(env), (l) => lines.push(l), { ...env, UPSTREAM_KEY: 'sk_started_secret' });
    await service.stop();
    expect(lines.join('\n')).toContain('providers (');
    expect(lines.join('\n')).not.toContain('sk_started_secret');
  });
});
