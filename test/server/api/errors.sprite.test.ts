// Error tables of the hosted API (and of its docs for make-sprite v1, reskin v1/v2 and their
// unversioned twins) for character-overlay v1/v2, make-sprite v1/v2, plus and reskin, against the real app:
// exact status and body, and nothing written, queued or charged for a refused request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/testServer.ts';
import {
  boolEntry,
  enumEntry,
  expectAccepted,
  expectRejected,
  intEntry,
  makeImages,
  missing,
  QUALITIES,
  RESOLUTIONS,
  STYLES,
  times,
  type Fields,
  type Images,
  INVALID,
  NOT_IMAGES,
} from './helpers.ts';

let server: TestServer;
let img: Images;
let okKey: string;

beforeAll(async () => {
  server = await startTestServer();
  img = await makeImages();
  okKey = server.addUser(1_000_000).key;
});
afterAll(async () => {
  await server?.close();
});


const ROWS = JSON.stringify([{ row: 1, title: 'Walk', description: 'walking right' }]);

const OVERLAYS: [string, string, Fields, string, readonly string[]][] = [
  ['v1', '/sprite/character-overlay/v1', { resolution: '1K' }, 'resolution', RESOLUTIONS],
  ['v2', '/sprite/character-overlay/v2', { quality: 'standard' }, 'quality', QUALITIES],
  // The unversioned route the hosted service's older clients call: v1's fields, rules and cost.
  ['(unversioned)', '/sprite/character-overlay', { resolution: '1K' }, 'resolution', RESOLUTIONS],
];

describe.each(OVERLAYS)('POST /sprite/character-overlay/%s', (_v, path, versionField, enumField, enumValues) => {
  const valid = (): Fields => ({ sprite_sheet: img.sheet, character_images: img.png, rows: ROWS, ...versionField });

  it('accepts 1 and 4 character images', async () => {
    await expectAccepted(server, path, valid(), okKey);
    await expectAccepted(server, path, { ...valid(), character_images: [img.png, img.jpeg, img.webp, img.png2] }, okKey);
  });

  it.each(enumValues.map((v) => [v]))(`accepts ${enumField} %s`, async (value) => {
    await expectAccepted(server, path, { ...valid(), [enumField]: value }, okKey);
  });

  it.each(STYLES.map((s) => [s]))('accepts style %s', async (style) => {
    await expectAccepted(server, path, { ...valid(), style }, okKey);
  });

  it('accepts a WebP sprite sheet and a JPEG one (formats the hosted API does not name, docs/contract.md §2)', async () => {
    await expectAccepted(server, path, { ...valid(), sprite_sheet: img.webp }, okKey);
    await expectAccepted(server, path, { ...valid(), sprite_sheet: img.jpeg }, okKey);
  });

  it('422: no character_images -> Field required at body.character_images', async () => {
    await expectRejected(server, path, { ...valid(), character_images: undefined }, 422, [missing('character_images')]);
  });

  it('400: 5 character_images', async () => {
    await expectRejected(server, path, { ...valid(), character_images: times(5, img.png) }, 400, 'character_images must contain between 1 and 4 files');
  });

  it('422: everything missing at once', async () => {
    await expectRejected(server, path, {}, 422, [missing('sprite_sheet'), missing('character_images'), missing('rows'), missing(enumField)]);
  });

  it(`422: unknown ${enumField} and unknown style together`, async () => {
    await expectRejected(server, path, { ...valid(), [enumField]: 'ultra', style: 'anime' }, 422, [
      enumEntry(enumField, 'ultra', enumValues),
      enumEntry('style', 'anime', STYLES),
    ]);
  });

  it('422: an empty rows value counts as missing', async () => {
    await expectRejected(server, path, { ...valid(), rows: '' }, 422, [missing('rows')]);
  });

  const rowCases: [string, string, string][] = [
    ['rows is not JSON', 'not json', 'rows must be a valid JSON list'],
    ['rows is cut-off JSON', '[{"row": 1, ', 'rows must be a valid JSON list'],
    ['rows is a JSON object, not a list', JSON.stringify({ row: 1, title: 'Walk', description: 'd' }), 'rows must be a JSON list'],
    ['rows is a JSON string', '"rows"', 'rows must be a JSON list'],
    ['rows is a JSON number', '3', 'rows must be a JSON list'],
    ['an entry misses description', JSON.stringify([{ row: 1, title: 'Walk' }]), 'each row must be an object with row, title, description'],
    ['an entry misses row', JSON.stringify([{ title: 'Walk', description: 'd' }]), 'each row must be an object with row, title, description'],
    ['an entry is a number', '[1]', 'each row must be an object with row, title, description'],
    ['an entry is a list', '[[1, "Walk", "d"]]', 'each row must be an object with row, title, description'],
    ['an entry is null', '[null]', 'each row must be an object with row, title, description'],
    ['the second entry is bad', JSON.stringify([{ row: 1, title: 'a', description: 'b' }, { row: 2 }]), 'each row must be an object with row, title, description'],
    ['row is the string "1"', JSON.stringify([{ row: '1', title: 'Walk', description: 'd' }]), 'row must be an integer'],
    ['row is 1.5', JSON.stringify([{ row: 1.5, title: 'Walk', description: 'd' }]), 'row must be an integer'],
    ['row is null', JSON.stringify([{ row: null, title: 'Walk', description: 'd' }]), 'row must be an integer'],
    ['title is 5', JSON.stringify([{ row: 1, title: 5, description: 'd' }]), 'title and description must be strings'],
    ['description is a list', JSON.stringify([{ row: 1, title: 'Walk', description: ['d'] }]), 'title and description must be strings'],
    ['description is null', JSON.stringify([{ row: 1, title: 'Walk', description: null }]), 'title and description must be strings'],
  ];

  it.each(rowCases)('400: %s', async (_name, rows, message) => {
    await expectRejected(server, path, { ...valid(), rows }, 400, message);
  });

  it('accepts several rows', async () => {
    const rows = JSON.stringify([
      { row: 1, title: 'Walk', description: 'walking' },
      { row: 2, title: 'Run', description: 'running' },
    ]);
    await expectAccepted(server, path, { ...valid(), rows }, okKey);
  });

  it.each(NOT_IMAGES)('400 Invalid image file: %s as sprite_sheet', async (_name, bad) => {
    await expectRejected(server, path, { ...valid(), sprite_sheet: img[bad] }, 400, INVALID);
  });

  it.each(NOT_IMAGES)('400 Invalid image file: %s among character_images', async (_name, bad) => {
    await expectRejected(server, path, { ...valid(), character_images: [img.png, img[bad]] }, 400, INVALID);
  });

  it('the character_images count is checked before rows and before decoding', async () => {
    await expectRejected(server, path, { ...valid(), rows: 'not json', character_images: times(5, img.text) }, 400, 'character_images must contain between 1 and 4 files');
  });
});

describe('character-overlay versions differ in one field', () => {
  it('v1 requires resolution (quality is ignored)', async () => {
    await expectRejected(server, '/sprite/character-overlay/v1', { sprite_sheet: img.sheet, character_images: img.png, rows: ROWS, quality: 'pro' }, 422, [missing('resolution')]);
  });

  it('v2 requires quality (resolution is ignored)', async () => {
    await expectRejected(server, '/sprite/character-overlay/v2', { sprite_sheet: img.sheet, character_images: img.png, rows: ROWS, resolution: '4K' }, 422, [missing('quality')]);
  });
});

describe.each(['/sprite/make-sprite/v1', '/sprite/make-sprite'])('POST %s', (path) => {
  const valid = (): Fields => ({ image: img.png, text: 'jump', frame: '64', is_pixel: 'true' });

  it.each(['25', '36', '49', '64', '81', '100', '121', '144', '169'])('accepts frame %s', async (frame) => {
    await expectAccepted(server, path, { ...valid(), frame }, okKey);
  });

  it('accepts WebP and JPEG images', async () => {
    await expectAccepted(server, path, { ...valid(), image: img.webp }, okKey);
    await expectAccepted(server, path, { ...valid(), image: img.jpeg, is_pixel: 'false' }, okKey);
  });

  it.each([['16'], ['50'], ['196'], ['0']])('400: frame %s not allowed', async (frame) => {
    await expectRejected(server, path, { ...valid(), frame }, 400, 'frame should be one of 25, 36, 49, 64, 81, 100, 121, 144, 169');
  });

  it('422: every required field missing at once', async () => {
    await expectRejected(server, path, {}, 422, [missing('image'), missing('text'), missing('frame'), missing('is_pixel')]);
  });

  it('422: is_pixel=maybe and frame=abc together', async () => {
    await expectRejected(server, path, { ...valid(), is_pixel: 'maybe', frame: 'abc' }, 422, [boolEntry('is_pixel', 'maybe'), intEntry('frame', 'abc')]);
  });

  it('422: v2\'s start_frame_image is not v1\'s image', async () => {
    const { image, ...rest } = valid();
    await expectRejected(server, path, { ...rest, start_frame_image: image }, 422, [missing('image')]);
  });

  it.each(NOT_IMAGES)('400 Invalid image file: %s as image', async (_name, bad) => {
    await expectRejected(server, path, { ...valid(), image: img[bad] }, 400, INVALID);
  });

  it('frame is checked before the image is decoded', async () => {
    await expectRejected(server, path, { ...valid(), frame: '50', image: img.text }, 400, 'frame should be one of 25, 36, 49, 64, 81, 100, 121, 144, 169');
  });
});

describe('POST /sprite/make-sprite/v2', () => {
  const path = '/sprite/make-sprite/v2';
  const valid = (): Fields => ({ start_frame_image: img.png, text: 'jump', frame: '49', is_pixel: 'true' });

  it.each([['49'], ['81'], ['121']])('accepts frame %s', async (frame) => {
    await expectAccepted(server, path, { ...valid(), frame }, okKey);
  });

  it('accepts an end frame image, and WebP and JPEG images', async () => {
    await expectAccepted(server, path, { ...valid(), end_frame_image: img.png2 }, okKey);
    await expectAccepted(server, path, { ...valid(), start_frame_image: img.webp, end_frame_image: img.jpeg }, okKey);
  });

  it.each([['36'], ['50'], ['100'], ['0']])('400: frame %s not allowed', async (frame) => {
    await expectRejected(server, path, { ...valid(), frame }, 400, 'frame should be one of 49, 81, 121');
  });

  it('422: every required field missing at once', async () => {
    await expectRejected(server, path, {}, 422, [missing('start_frame_image'), missing('text'), missing('frame'), missing('is_pixel')]);
  });

  it('422: is_pixel=maybe and frame=abc together', async () => {
    await expectRejected(server, path, { ...valid(), is_pixel: 'maybe', frame: 'abc' }, 422, [boolEntry('is_pixel', 'maybe'), intEntry('frame', 'abc')]);
  });

  it('422: an empty is_pixel counts as missing (it is required here)', async () => {
    await expectRejected(server, path, { ...valid(), is_pixel: '' }, 422, [missing('is_pixel')]);
  });

  it.each(NOT_IMAGES)('400 Invalid image file: %s as start_frame_image', async (_name, bad) => {
    await expectRejected(server, path, { ...valid(), start_frame_image: img[bad] }, 400, INVALID);
  });

  it.each(NOT_IMAGES)('400 Invalid image file: %s as end_frame_image', async (_name, bad) => {
    await expectRejected(server, path, { ...valid(), end_frame_image: img[bad] }, 400, INVALID);
  });

  it('frame is checked before the images are decoded', async () => {
    await expectRejected(server, path, { ...valid(), frame: '50', start_frame_image: img.text }, 400, 'frame should be one of 49, 81, 121');
  });
});

describe('POST /sprite/plus', () => {
  const path = '/sprite/plus';
  const valid = (): Fields => ({ start_image: img.png, text: 'wave', frame: '49' });

  it.each([['49'], ['81']])('accepts frame %s', async (frame) => {
    await expectAccepted(server, path, { ...valid(), frame }, okKey);
  });

  it('accepts PNG and JPEG start and end images, and both flags', async () => {
    await expectAccepted(server, path, { ...valid(), start_image: img.jpeg, end_image: img.png2, is_pixel: 'true', is_prompt_enhancement: 'false' }, okKey);
  });

  it.each([['121'], ['36'], ['100'], ['48']])('400: frame %s not allowed', async (frame) => {
    await expectRejected(server, path, { ...valid(), frame }, 400, 'frame should be one of 49, 81');
  });

  it('400: text of whitespace only is empty after trimming', async () => {
    await expectRejected(server, path, { ...valid(), text: '  \t\n ' }, 400, 'text must not be empty');
  });

  it('422: an empty text counts as missing', async () => {
    await expectRejected(server, path, { ...valid(), text: '' }, 422, [missing('text')]);
  });

  it('422: every required field missing at once', async () => {
    await expectRejected(server, path, {}, 422, [missing('start_image'), missing('text'), missing('frame')]);
  });

  it('422: bad booleans are bool_parsing', async () => {
    await expectRejected(server, path, { ...valid(), is_pixel: 'maybe', is_prompt_enhancement: 'sure' }, 422, [
      boolEntry('is_pixel', 'maybe'),
      boolEntry('is_prompt_enhancement', 'sure'),
    ]);
  });

  it.each([...NOT_IMAGES, ['a WebP (PNG or JPEG only)', 'webp'] as [string, 'webp']])('400 Invalid image file: %s as start_image', async (_name, bad) => {
    await expectRejected(server, path, { ...valid(), start_image: img[bad] }, 400, INVALID);
  });

  it.each([...NOT_IMAGES, ['a WebP (PNG or JPEG only)', 'webp'] as [string, 'webp']])('400 Invalid image file: %s as end_image', async (_name, bad) => {
    await expectRejected(server, path, { ...valid(), end_image: img[bad] }, 400, INVALID);
  });

  it('frame is checked before text, text before decoding', async () => {
    await expectRejected(server, path, { ...valid(), frame: '36', text: '   ' }, 400, 'frame should be one of 49, 81');
    await expectRejected(server, path, { ...valid(), text: '   ', start_image: img.gif }, 400, 'text must not be empty');
  });
});

describe.each([
  ['/sprite/reskin/v1', { resolution: '1K' }, 'resolution', RESOLUTIONS],
  ['/sprite/reskin/v2', { quality: 'standard' }, 'quality', QUALITIES],
] as const)('POST %s', (path, tier, tierField, tiers) => {
  const valid = (): Fields => ({ image: img.png, description: 'golden armor', ...tier });

  it.each(tiers)(`accepts ${tierField} %s`, async (value) => {
    await expectAccepted(server, path, { ...valid(), [tierField]: value }, okKey);
  });

  it.each(STYLES)('accepts style %s', async (style) => {
    await expectAccepted(server, path, { ...valid(), style }, okKey);
  });

  it('422: every required field missing at once', async () => {
    await expectRejected(server, path, {}, 422, [missing('image'), missing('description'), missing(tierField)]);
  });

  it(`422: ${tierField} and style outside their sets`, async () => {
    await expectRejected(server, path, { ...valid(), [tierField]: '8K', style: 'anime' }, 422, [enumEntry('style', 'anime', STYLES), enumEntry(tierField, '8K', tiers)]);
  });

  it.each(NOT_IMAGES)('400 Invalid image file: %s as image', async (_name, bad) => {
    await expectRejected(server, path, { ...valid(), image: img[bad] }, 400, INVALID);
  });
});

describe('POST /sprite/reskin (unversioned: the fields older clients send)', () => {
  const path = '/sprite/reskin';
  const valid = (): Fields => ({ image: img.png, sprite_subject: 'a knight', change_description: 'armor to gold', final_result_description: 'a golden knight', resolution: '2K' });

  it('accepts the three texts, or the change alone, with a style', async () => {
    await expectAccepted(server, path, valid(), okKey);
    await expectAccepted(server, path, { image: img.png, change_description: 'make it blue', resolution: '1K', style: 'pixel' }, okKey);
  });

  it('422: image, change_description and resolution are required', async () => {
    await expectRejected(server, path, { sprite_subject: 'x' }, 422, [missing('image'), missing('change_description'), missing('resolution')]);
  });

  it('the job reads the three texts as one description', async () => {
    const id = await expectAccepted(server, path, valid(), okKey);
    const job = await server.store.getJob(id);
    expect(job?.spec).toMatchObject({ kind: 'reskin', description: 'a knight. armor to gold. a golden knight', side: 2048 });
  });
});
