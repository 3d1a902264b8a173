// The CLI's pure parts, as tables: which hosts count as local (and so may get api-key.txt), the
// flags each kind takes, default entry names, prices, and the progress bar on a terminal and in a log.
import { describe, expect, it } from 'vitest';
import { estimateCost, gifLengthMs } from '../../server/cli/cost.ts';
import { BODIES, KINDS, parseGrid } from '../../server/cli/fields.ts';
import { fieldsFromFlags, kindFlags } from '../../server/cli/flags.ts';
import { kindOf } from '../../plugins/client/index.ts';
import { parseEntries } from '../../server/cli/jobsFile.ts';
import { isLoopback, resolveConnection } from '../../server/cli/localKey.ts';
import { ProgressBar } from '../../server/cli/progressBar.ts';
import { heroWalkGif } from '../fixtures/sprites.ts';

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['192.168.1.10', false],
    ['sprites.example', false],
    ['127.0.0.1.example', false],
  ])('%s -> %s', (host, local) => expect(isLoopback(host)).toBe(local));
});

describe('resolveConnection', () => {
  it('takes --server/--key over the environment, and the default port from PORT', () => {
    expect(resolveConnection({ server: 'http://10.0.0.2:9000/', key: 'k' }, { SPRITEKILN_KEY: 'e' })).toMatchObject({ url: 'http://10.0.0.2:9000', key: 'k', local: false });
    expect(resolveConnection({}, { PORT: '9100', SPRITEKILN_KEY: 'e' })).toMatchObject({ url: 'http://127.0.0.1:9100', key: 'e', keySource: 'SPRITEKILN_KEY' });
    expect(() => resolveConnection({ server: 'not a url' }, {})).toThrow('--server: "not a url" is not a URL');
  });
});

describe('fieldsFromFlags', () => {
  it.each([
    ['zenith', { image: ['a.png'], text: 'jump', frame: '36' }, { mode: 'image_to_video', images: ['a.png'], text: 'jump', frame: '36' }],
    ['zenith', { image: ['a.png'], end: 'b.png', text: 'walk', frame: '36' }, { mode: 'first_last_frame', images: ['a.png', 'b.png'] }],
    ['pulsar', { mode: 'video_restyle', image: ['s.png'], grid: '6x6', reference: 'r.png' }, { images: ['s.png'], sprite_grid: '6x6', reference_image: 'r.png' }],
    ['make-sprite/v2', { start_frame_image: ['a.png'], end_frame_image: 'b.png', text: 'x', frame: '81' }, { start_frame_image: 'a.png', end_frame_image: 'b.png', frame: '81', is_pixel: false }],
    ['image-tune/split-layer', { image: ['a.png'], keyword: 'head' }, { image: 'a.png', keyword: 'head' }],
    ['reskin', { image: ['a.png'], sprite_subject: 'knight', change_description: 'gold armour' }, { image: 'a.png', sprite_subject: 'knight', change_description: 'gold armour' }],
    ['make-sprite', { image: ['a.png'], text: 'x', frame: '49' }, { start_frame_image: 'a.png', is_pixel: false }],
    ['make-sprite-v1', { image: ['a.png'], text: 'x', frame: '64', pixel: true }, { image: 'a.png', frame: '64', is_pixel: true }],
    ['plus', { image: ['a.png'], text: 'x', frame: '49', 'no-enhance': true, pixel: true }, { start_image: 'a.png', is_prompt_enhancement: false, is_pixel: true }],
    ['image', { text: 'a sword', model: 'Alpha Image 2', image: ['r1.png', 'r2.png'] }, { prompt: 'a sword', ai_model: 'Alpha Image 2', ref_images: ['r1.png', 'r2.png'] }],
    ['effect-v1', { description: 'fire', resolution: '2K', background: 'magenta' }, { description: 'fire', resolution: '2K', background_color: 'magenta' }],
    ['overlay-v2', { sheet: 's.png', image: ['a.png', 'b.png'], rows: 'rows.json', quality: 'pro' }, { sprite_sheet: 's.png', character_images: ['a.png', 'b.png'], quality: 'pro' }],
  ] as const)('%s %j', (name, flags, expected) => {
    expect(fieldsFromFlags(kindOf(name)!, flags)).toMatchObject(expected);
  });

  it('refuses a flag the kind has no field for, and two images where one is taken', () => {
    expect(() => fieldsFromFlags('effect/v2', { model: 'Gamma' })).toThrow('--model does not apply to effect/v2; it takes --text, --frame, --background, --quality, --image');
    expect(() => fieldsFromFlags('plus', { image: ['a.png', 'b.png'] })).toThrow('plus takes one --image (start_image), got 2');
  });

  it('gives every kind its fields as flags, short ones in place of the long names', () => {
    expect(kindFlags('zenith')).toEqual(['mode', 'image', 'end', 'text', 'frame', 'pixel', 'no-enhance', 'reference', 'grid']);
    expect(kindFlags('make-sprite/v2')).toEqual(['image', 'end', 'text', 'frame', 'pixel']);
    expect(kindFlags('image-tune/upscale')).toEqual(['image', 'scale']);
    for (const kind of KINDS) {
      for (const field of Object.keys(BODIES[kind].properties)) expect(fieldsFromFlags(kind, { [field]: 'x' })).toHaveProperty(field);
    }
  });
});

describe('parseEntries', () => {
  it('names unnamed entries by position and kind, padded to sort', () => {
    const list = Array.from({ length: 10 }, () => ({ kind: 'image', fields: {} }));
    expect(parseEntries(list).map((e) => e.name).slice(0, 2)).toEqual(['01-image', '02-image']);
  });
  it('gives an edited entry a new fingerprint', () => {
    const [a] = parseEntries([{ name: 'x', kind: 'image', fields: { prompt: 'a' } }]);
    const [b] = parseEntries([{ name: 'x', kind: 'image', fields: { prompt: 'b' } }]);
    expect(a!.fingerprint).not.toBe(b!.fingerprint);
  });
});

describe('estimateCost', () => {
  const gif = { data: heroWalkGif(8, 16, 10), name: 'w.gif' };
  const longGif = { data: heroWalkGif(60, 16, 10), name: 'w.gif' };
  it.each([
    ['effect-v1', { resolution: '4K' }, 10],
    ['overlay-v2', { quality: 'pro' }, 10],
    ['make-sprite', { frame: 121 }, 25],
    ['make-sprite-v1', { frame: '144' }, 29],
    ['make-sprite-v1', { frame: 121 }, 25],
    ['make-sprite-v1', { frame: 50 }, undefined],
    ['upscale', { scale: '4K' }, 4],
    ['split-layer', { keyword: 'head' }, 2],
    ['reskin-v1', { resolution: '2K' }, 5],
    ['reskin-v2', { quality: 'pro' }, 6],
    ['inpaint-v2', { quality: 'pro' }, 4],
    ['plus', { frame: '81' }, 13],
    ['zenith', { mode: 'image_to_video', frame: 100 }, 25],
    ['zenith', { mode: 'video_restyle', images: [gif] }, 9],
    ['zenith', { mode: 'video_restyle', images: [longGif] }, 25],
    ['zenith', { mode: 'video_restyle', sprite_grid: { columns: 8, rows: 8 } }, 25],
    ['zenith', { mode: 'video_restyle', sprite_grid: { columns: 6, rows: 10 } }, 9],
    ['pulsar', { mode: 'video_restyle' }, 4],
    ['plus', { frame: 50 }, undefined],
  ] as const)('%s %j -> %s', (name, fields, cost) => expect(estimateCost(kindOf(name)!, fields)).toBe(cost));

  it('reads a GIF length as browsers play it', () => {
    expect(gifLengthMs(heroWalkGif(8, 16, 10))).toBe(800);
    expect(gifLengthMs(heroWalkGif(4, 16, 1))).toBe(400); // 1 cs plays as 10 cs
  });
  it('parses "6x6" grids', () => expect(parseGrid('6x6')).toEqual({ columns: 6, rows: 6 }));
});

describe('ProgressBar', () => {
  const stream = (isTTY: boolean) => {
    const chunks: string[] = [];
    return { chunks, out: { isTTY, columns: 200, write: (s: string) => (chunks.push(s), true) } as unknown as NodeJS.WriteStream };
  };
  const running = (p: number) => new Map([['a', p]]);

  it('redraws one line on a terminal and keeps logged lines above it', () => {
    const { chunks, out } = stream(true);
    const bar = new ProgressBar(out);
    bar.update({ total: 2, done: 0, failed: 0, skipped: 0, running: running(0.5) });
    bar.update({ total: 2, done: 0, failed: 0, skipped: 0, running: running(0.5) }); // unchanged: not redrawn
    bar.log('done a');
    bar.update({ total: 2, done: 1, failed: 0, skipped: 0, running: new Map() });
    bar.finish();
    expect(chunks).toEqual([
      '\r\x1b[2K[######------------------]  25%  0/2 · done 0 · running 1',
      '\r\x1b[2K',
      'done a\n',
      '[######------------------]  25%  0/2 · done 0 · running 1',
      '\r\x1b[2K[############------------]  50%  1/2 · done 1',
      '\n',
    ]);
  });

  it('writes plain lines in a log: the events, and progress at each tenth', () => {
    const { chunks, out } = stream(false);
    const bar = new ProgressBar(out);
    for (const p of [0, 0.05, 0.31, 0.32, 0.95]) bar.update({ total: 1, done: 0, failed: 0, skipped: 0, running: running(p) });
    bar.log('done a');
    expect(chunks).toEqual(['progress 0%\n', 'progress 30%\n', 'progress 90%\n', 'done a\n']);
  });
});
