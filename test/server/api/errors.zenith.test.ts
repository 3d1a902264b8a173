// Error tables of the hosted API for sprite/zenith and sprite/pulsar (modes, frame, text, reference_image,
// sprite_grid and the video_restyle source rules), against the real app: exact status and body, and
// nothing written, queued or charged for a refused request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/testServer.ts';
import { customGifBytes, gifBytes, manyFramesGif } from '../../fixtures/images.ts';
import {
  boolEntry,
  call,
  enumEntry,
  expectAccepted,
  expectRejected,
  intEntry,
  makeImages,
  missing,
  MODES,
  part,
  submit,
  times,
  type Fields,
  type Images,
  INVALID,
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

const GRID_MALFORMED = 'sprite_grid must be a JSON object like {"columns": 6, "rows": 6} (1-32 each, at most 120 frames)';
type Bad = keyof Pick<Images, 'text' | 'truncatedPng' | 'hugePng' | 'empty'>;
const NOT_IMAGES: [string, Bad][] = [
  ['a text file', 'text'],
  ['a truncated PNG', 'truncatedPng'],
  ['a PNG header claiming 60000x60000', 'hugePng'],
  ['a zero-length file', 'empty'],
];

/** zenith needs frame in the image modes; pulsar has no frame field. */
const ENDPOINTS: [string, string, Fields][] = [
  ['zenith', '/sprite/zenith', { frame: '36' }],
  ['pulsar', '/sprite/pulsar', {}],
];

describe.each(ENDPOINTS)('POST /sprite/%s', (name, path, frame) => {
  const i2v = (): Fields => ({ mode: 'image_to_video', images: img.png, text: 'walk cycle', ...frame });
  const flf = (): Fields => ({ mode: 'first_last_frame', images: [img.png, img.png2], text: 'turn around', ...frame });
  const restyleGif = (): Fields => ({ mode: 'video_restyle', images: img.gif, text: 'make it ice' });
  const restyleSheet = (): Fields => ({ mode: 'video_restyle', images: img.sheet, sprite_grid: '{"columns": 6, "rows": 6}', text: 'make it ice' });

  describe('accepted requests', () => {
    it('image_to_video with a PNG and with a JPEG', async () => {
      await expectAccepted(server, path, i2v(), okKey);
      await expectAccepted(server, path, { ...i2v(), images: img.jpeg }, okKey);
    });

    it('first_last_frame with two images', async () => {
      await expectAccepted(server, path, flf(), okKey);
      await expectAccepted(server, path, { ...flf(), images: [img.jpeg, img.png] }, okKey);
    });

    it('video_restyle with a GIF source, with a PNG sheet and grid, with a reference image and no text', async () => {
      await expectAccepted(server, path, restyleGif(), okKey);
      await expectAccepted(server, path, restyleSheet(), okKey);
      await expectAccepted(server, path, { mode: 'video_restyle', images: img.gif, reference_image: img.png }, okKey);
      await expectAccepted(server, path, { ...restyleSheet(), text: undefined, reference_image: img.png2 }, okKey);
    });

    it('video_restyle ignores is_pixel (forced false)', async () => {
      await expectAccepted(server, path, { ...restyleGif(), is_pixel: 'true' }, okKey);
    });

    it('a GIF of exactly 120 frames is accepted', async () => {
      await expectAccepted(server, path, { ...restyleGif(), images: img.gif120 }, okKey);
    });

    it('a GIF of exactly 10 seconds is accepted', async () => {
      await expectAccepted(server, path, { ...restyleGif(), images: img.gif10s }, okKey);
    });

    it.each([
      ['1x1', '{"columns": 1, "rows": 1}'],
      ['32x3 = 96 frames', '{"columns": 32, "rows": 3}'],
      ['10x12 = 120 frames', '{"columns": 10, "rows": 12}'],
      ['3x32 = 96 frames', '{"rows": 32, "columns": 3}'],
      ['spaces and newlines', ' {\n "columns" : 4 ,\n "rows" : 4 }\n'],
    ])('sprite_grid %s is accepted', async (_n, sprite_grid) => {
      await expectAccepted(server, path, { ...restyleSheet(), sprite_grid }, okKey);
    });

    it.each(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 't', 'f', 'y', 'n', 'TRUE', 'False', 'YES', 'Off', 'T', 'N'])(
      'is_pixel=%s is a boolean',
      async (value) => {
        await expectAccepted(server, path, { ...i2v(), is_pixel: value }, okKey);
      },
    );
  });

  describe('422 (schema)', () => {
    it('missing mode and images are reported together', async () => {
      await expectRejected(server, path, { text: 'x', ...frame }, 422, [missing('mode'), missing('images')]);
    });

    it('unknown mode', async () => {
      const res = await expectRejected(server, path, { ...i2v(), mode: 'text_to_video' }, 422, [enumEntry('mode', 'text_to_video', MODES)]);
      expect((res.body as { detail: { msg: string }[] }).detail[0]!.msg).toBe("Input should be 'image_to_video', 'first_last_frame' or 'video_restyle'");
    });

    it('an empty mode counts as missing', async () => {
      await expectRejected(server, path, { ...i2v(), mode: '' }, 422, [missing('mode')]);
    });

    it('no images at all -> Field required at body.images', async () => {
      await expectRejected(server, path, { ...i2v(), images: undefined }, 422, [missing('images')]);
    });

    it('is_pixel=maybe -> bool_parsing', async () => {
      await expectRejected(server, path, { ...i2v(), is_pixel: 'maybe' }, 422, [boolEntry('is_pixel', 'maybe')]);
    });
  });

  describe('400: image counts per mode', () => {
    it.each([
      ['image_to_video', 2, 'image_to_video requires exactly one image'],
      ['image_to_video', 3, 'image_to_video requires exactly one image'],
      ['first_last_frame', 1, 'first_last_frame requires exactly two images (start, end)'],
      ['first_last_frame', 3, 'first_last_frame requires exactly two images (start, end)'],
      ['video_restyle', 2, 'video_restyle requires exactly one source image (PNG sprite sheet or GIF)'],
    ] as const)('%s with %i images', async (mode, count, message) => {
      const fields: Fields = mode === 'video_restyle' ? { mode, images: times(count, img.gif), text: 'x' } : { mode, images: times(count, img.png), text: 'x', ...frame };
      await expectRejected(server, path, fields, 400, message);
    });
  });

  describe('400: fields allowed only in video_restyle', () => {
    it.each([['image_to_video'], ['first_last_frame']])('reference_image in %s', async (mode) => {
      const base = mode === 'image_to_video' ? i2v() : flf();
      await expectRejected(server, path, { ...base, reference_image: img.png }, 400, 'reference_image is only supported for video_restyle');
    });

    it.each([['image_to_video'], ['first_last_frame']])('sprite_grid in %s', async (mode) => {
      const base = mode === 'image_to_video' ? i2v() : flf();
      await expectRejected(server, path, { ...base, sprite_grid: '{"columns": 6, "rows": 6}' }, 400, 'sprite_grid is only supported for video_restyle');
    });
  });

  describe('400: text', () => {
    it.each([
      ['image_to_video', 'missing', undefined],
      ['image_to_video', 'empty', ''],
      ['image_to_video', 'whitespace', ' \t \n'],
      ['first_last_frame', 'missing', undefined],
      ['first_last_frame', 'whitespace', '   '],
    ] as const)('%s with text %s', async (mode, _how, text) => {
      const base = mode === 'image_to_video' ? i2v() : flf();
      await expectRejected(server, path, { ...base, text }, 400, 'text must not be empty');
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['whitespace', '   '],
    ] as const)('video_restyle with text %s and no reference_image', async (_how, text) => {
      await expectRejected(server, path, { ...restyleGif(), text }, 400, 'video_restyle requires text when no reference_image is given');
    });
  });

  describe('400 Invalid image file', () => {
    it.each(NOT_IMAGES)('%s as the image_to_video image', async (_n, bad) => {
      await expectRejected(server, path, { ...i2v(), images: img[bad] }, 400, INVALID);
    });

    it.each(NOT_IMAGES)('%s as the first_last_frame end image', async (_n, bad) => {
      await expectRejected(server, path, { ...flf(), images: [img.png, img[bad]] }, 400, INVALID);
    });

    it.each(NOT_IMAGES)('%s as the video_restyle source', async (_n, bad) => {
      await expectRejected(server, path, { ...restyleGif(), images: img[bad] }, 400, INVALID);
    });

    it.each(NOT_IMAGES)('%s as reference_image', async (_n, bad) => {
      await expectRejected(server, path, { ...restyleGif(), reference_image: img[bad] }, 400, INVALID);
    });

    it('a GIF in image_to_video (PNG or JPEG only)', async () => {
      await expectRejected(server, path, { ...i2v(), images: img.gif }, 400, INVALID);
    });

    it('a GIF as a first_last_frame image', async () => {
      await expectRejected(server, path, { ...flf(), images: [img.gif, img.png] }, 400, INVALID);
    });

    it('a WebP in image_to_video (PNG or JPEG only)', async () => {
      await expectRejected(server, path, { ...i2v(), images: img.webp }, 400, INVALID);
    });

    it('a JPEG as reference_image (PNG only)', async () => {
      await expectRejected(server, path, { ...restyleGif(), reference_image: img.jpeg }, 400, INVALID);
    });

    it('a GIF as reference_image (PNG only)', async () => {
      await expectRejected(server, path, { ...restyleGif(), reference_image: img.gif }, 400, INVALID);
    });

    it('a JPEG as the video_restyle source (a PNG sheet or a GIF)', async () => {
      await expectRejected(server, path, { ...restyleSheet(), images: img.jpeg }, 400, INVALID);
    });

    it('a WebP as the video_restyle source', async () => {
      await expectRejected(server, path, { ...restyleSheet(), images: img.webp }, 400, INVALID);
    });

    it('the 62-byte GIF bomb as a restyle source answers 400 quickly and the server stays up', async () => {
      const started = Date.now();
      await expectRejected(server, path, { ...restyleGif(), images: img.bomb }, 400, INVALID);
      expect(Date.now() - started).toBeLessThan(5_000);
      const health = await call(server, 'GET', '/healthz', { auth: null });
      expect(health.status).toBe(200);
      await expectAccepted(server, path, restyleGif(), okKey);
    });
  });

  describe('400: video_restyle source rules', () => {
    it('a PNG sheet without sprite_grid', async () => {
      await expectRejected(server, path, { ...restyleSheet(), sprite_grid: undefined }, 400, 'sprite_grid is required for a PNG sprite sheet');
    });

    it('a PNG sheet with an empty sprite_grid (empty = missing)', async () => {
      await expectRejected(server, path, { ...restyleSheet(), sprite_grid: '' }, 400, 'sprite_grid is required for a PNG sprite sheet');
    });

    it('a GIF with sprite_grid', async () => {
      await expectRejected(server, path, { ...restyleGif(), sprite_grid: '{"columns": 2, "rows": 2}' }, 400, 'sprite_grid is not allowed for a GIF source');
    });

    it('a GIF named sheet.png sent as image/png is a GIF (detected by content)', async () => {
      await expectRejected(server, path, { ...restyleGif(), images: img.gifAsPng, sprite_grid: '{"columns": 2, "rows": 2}' }, 400, 'sprite_grid is not allowed for a GIF source');
    });

    it('a PNG named anim.gif sent as image/gif is a PNG sheet (detected by content)', async () => {
      await expectRejected(server, path, { ...restyleGif(), images: img.pngAsGif }, 400, 'sprite_grid is required for a PNG sprite sheet');
    });

    it.each([
      ['not JSON', 'six by six'],
      ['cut-off JSON', '{"columns": 6, "rows":'],
      ['a JSON list', '[6, 6]'],
      ['JSON null', 'null'],
      ['a JSON number', '36'],
      ['string values "6"', '{"columns": "6", "rows": "6"}'],
      ['6.5', '{"columns": 6.5, "rows": 6}'],
      ['0 columns', '{"columns": 0, "rows": 6}'],
      ['negative rows', '{"columns": 6, "rows": -1}'],
      ['33 columns', '{"columns": 33, "rows": 1}'],
      ['33 rows', '{"columns": 1, "rows": 33}'],
      ['11x11 = 121 frames', '{"columns": 11, "rows": 11}'],
      ['32x32 = 1024 frames', '{"columns": 32, "rows": 32}'],
      ['rows missing', '{"columns": 6}'],
      ['boolean values', '{"columns": true, "rows": true}'],
      ['null values', '{"columns": null, "rows": 6}'],
    ])('malformed sprite_grid: %s', async (_n, sprite_grid) => {
      await expectRejected(server, path, { ...restyleSheet(), sprite_grid }, 400, GRID_MALFORMED);
    });

    it('a GIF of 121 frames', async () => {
      await expectRejected(server, path, { ...restyleGif(), images: img.gif121 }, 400, 'GIF must have at most 120 frames');
    });

    it('a GIF longer than 10 seconds', async () => {
      await expectRejected(server, path, { ...restyleGif(), images: img.gifOver10s }, 400, 'GIF must be at most 10 seconds long');
    });

    it('a 3 KB GIF claiming 8 frames of 4096 x 4096 (134 million pixels to decode) -> refused before any work', async () => {
      const frame = { width: 1, height: 1, indices: [1], delayCs: 10 };
      const bomb = customGifBytes({ width: 4096, height: 4096, palette: [[0, 0, 0], [255, 255, 255]], frames: Array(8).fill(frame) });
      expect(bomb.length).toBeLessThan(3000);
      await expectRejected(server, path, { ...restyleGif(), images: part(bomb, 'big.gif', 'image/gif') }, 400, 'GIF must have at most 125829120 pixels over all its frames (frames x width x height)');
      // Seven such frames (117 million) are within the bound, as is every GIF of 120 frames up to 1024 x 1024.
      const seven = customGifBytes({ width: 4096, height: 4096, palette: [[0, 0, 0], [255, 255, 255]], frames: Array(7).fill(frame) });
      expect((await submit(server, path, { ...restyleGif(), images: part(seven, 'seven.gif', 'image/gif') })).status).not.toBe(400);
    });

    it('a GIF of 101 frames with delay 0 plays 10.1 s (0 cs plays as 10 cs) -> too long', async () => {
      const gif = part(gifBytes({ width: 4, height: 4, frames: 101, delaysCs: 0 }), 'zero.gif', 'image/gif');
      await expectRejected(server, path, { ...restyleGif(), images: gif }, 400, 'GIF must be at most 10 seconds long');
    });

    it('a GIF of 101 frames with delay 1 plays 10.1 s (1 cs plays as 10 cs) -> too long', async () => {
      const gif = part(gifBytes({ width: 4, height: 4, frames: 101, delaysCs: 1 }), 'one.gif', 'image/gif');
      await expectRejected(server, path, { ...restyleGif(), images: gif }, 400, 'GIF must be at most 10 seconds long');
    });

    it('a GIF of 100 frames with delay 0 plays exactly 10 s -> accepted', async () => {
      const gif = part(gifBytes({ width: 4, height: 4, frames: 100, delaysCs: 0 }), 'zero.gif', 'image/gif');
      await expectAccepted(server, path, { ...restyleGif(), images: gif }, okKey);
    });

    it('a GIF of 121 frames that also runs over 10 s -> a 400 about the GIF limits', async () => {
      const gif = part(manyFramesGif(121, 10), 'both.gif', 'image/gif');
      const res = await submit(server, path, { ...restyleGif(), images: gif });
      expect(res.status).toBe(400);
      expect(['GIF must have at most 120 frames', 'GIF must be at most 10 seconds long']).toContain((res.body as { detail: string }).detail);
    });

    it('a GIF of 20,000 tiny frames is refused quickly', async () => {
      const gif = part(manyFramesGif(20_000), 'flood.gif', 'image/gif');
      const started = Date.now();
      await expectRejected(server, path, { ...restyleGif(), images: gif }, 400, 'GIF must have at most 120 frames');
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });

  if (name === 'zenith') {
    describe('400: frame (zenith)', () => {
      it.each([['image_to_video'], ['first_last_frame']])('%s without frame', async (mode) => {
        const base = mode === 'image_to_video' ? i2v() : flf();
        await expectRejected(server, path, { ...base, frame: undefined }, 400, 'frame should be one of 36, 100');
      });

      it('an empty frame counts as not sent', async () => {
        await expectRejected(server, path, { ...i2v(), frame: '' }, 400, 'frame should be one of 36, 100');
      });

      it.each([['49'], ['0'], ['35'], ['121']])('frame %s in image_to_video', async (value) => {
        await expectRejected(server, path, { ...i2v(), frame: value }, 400, 'frame should be one of 36, 100');
      });

      it.each([['36'], ['100']])('accepts frame %s in both image modes', async (value) => {
        await expectAccepted(server, path, { ...i2v(), frame: value }, okKey);
        await expectAccepted(server, path, { ...flf(), frame: value }, okKey);
      });

      it.each([['36'], ['100'], ['49']])('frame=%s sent with video_restyle', async (value) => {
        await expectRejected(server, path, { ...restyleGif(), frame: value }, 400, 'frame is derived from the source for video_restyle; do not send it');
      });

      it('an empty frame with video_restyle counts as not sent', async () => {
        await expectAccepted(server, path, { ...restyleGif(), frame: '' }, okKey);
      });

      it('422: frame=abc is int_parsing', async () => {
        await expectRejected(server, path, { ...i2v(), frame: 'abc' }, 422, [intEntry('frame', 'abc')]);
      });

      it('422: is_prompt_enhancement=maybe is bool_parsing', async () => {
        await expectRejected(server, path, { ...i2v(), is_prompt_enhancement: 'maybe' }, 422, [boolEntry('is_prompt_enhancement', 'maybe')]);
      });

      it('video_restyle ignores is_prompt_enhancement (forced false)', async () => {
        await expectAccepted(server, path, { ...restyleGif(), is_prompt_enhancement: 'true' }, okKey);
      });
    });
  } else {
    describe('pulsar has no frame and no is_prompt_enhancement: both are ignored', () => {
      it.each([['49'], ['36'], ['abc'], ['0']])('frame=%s is ignored in image_to_video', async (value) => {
        await expectAccepted(server, path, { ...i2v(), frame: value }, okKey);
      });

      it('frame is ignored in video_restyle', async () => {
        await expectAccepted(server, path, { ...restyleGif(), frame: '36' }, okKey);
      });

      it.each([['maybe'], ['false'], ['true']])('is_prompt_enhancement=%s is ignored', async (value) => {
        await expectAccepted(server, path, { ...i2v(), is_prompt_enhancement: value }, okKey);
      });
    });
  }
});
