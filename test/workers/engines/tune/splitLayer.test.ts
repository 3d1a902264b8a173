// Split layer on real sprites: the element the keyword names as a layer and the rest, both at the
// picture's size, which stacked give the picture back; a flat background as a whole plate; an
// unknown keyword or a part the rig did not find fails, saying what it knows or found.
import { describe, expect, it } from 'vitest';
import { splitLayer, SplitError } from '../../../../workers/engines/tune/splitLayer.ts';
import { blendPixel } from '../../../../workers/kernels/blit.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { still } from '../../../fixtures/realSprites.ts';

/** `layer` drawn over `rest`. */
function stack(layer: RawImage, rest: RawImage): RawImage {
  const out = new Uint8Array(rest.data);
  for (let i = 0; i < out.length; i += 4) blendPixel(out, i, layer.data[i]!, layer.data[i + 1]!, layer.data[i + 2]!, layer.data[i + 3]!);
  return { width: rest.width, height: rest.height, data: out };
}
const opaqueCount = (img: RawImage) => { let n = 0; for (let i = 3; i < img.data.length; i += 4) if (img.data[i]! > 0) n++; return n; };

describe('splitLayer', () => {
  it.each([
    ['adventurer-front', 'head', ['head']],
    ['adventurer-front', 'Arms', ['armL', 'armR']],
    ['skeleton-front', 'the sword', ['armLWeapon']],
    ['bat', 'wings', ['wingL', 'wingR']],
    ['knight-side', 'feet', ['legF', 'legFFoot', 'legB', 'legBFoot']],
  ])('%s, "%s": takes %j, and layer over rest is the picture', (name, keyword, took) => {
    const image = still(name).image;
    const { layer, rest, plan } = splitLayer(image, keyword);
    expect(plan.took.sort()).toEqual([...took].sort());
    expect([layer.width, layer.height, rest.width, rest.height]).toEqual([image.width, image.height, image.width, image.height]);
    expect(opaqueCount(layer)).toBeGreaterThan(0);
    expect(opaqueCount(rest)).toBeGreaterThan(opaqueCount(layer) / 10);
    expect(Buffer.from(stack(layer, rest).data).equals(Buffer.from(image.data))).toBe(true);
  });

  it('a picture on a flat colour: the background is the whole plate of it, the character its cutout', () => {
    const s = still('king-opaque');
    const bg = splitLayer(s.image, 'background');
    const [r, g, b] = s.background!;
    for (let i = 0; i < bg.layer.data.length; i += 4) expect([...bg.layer.data.subarray(i, i + 4)]).toEqual([r, g, b, 255]);
    const character = splitLayer(s.image, 'character');
    expect(Buffer.from(character.layer.data).equals(Buffer.from(bg.rest.data))).toBe(true);
    expect(Buffer.from(stack(character.layer, character.rest).data).equals(Buffer.from(s.image.data))).toBe(true);
  });

  it('an unknown keyword fails listing the keywords it knows', () => {
    expect(() => splitLayer(still('knight-side').image, 'hat')).toThrow(SplitError);
    expect(() => splitLayer(still('knight-side').image, 'hat')).toThrow('split-layer does not know the keyword "hat"; it knows: character, background, head, body, arm, leg, weapon, wing');
  });

  it('a part the rig did not find fails naming the parts it found', () => {
    expect(() => splitLayer(still('knight-side').image, 'weapon')).toThrow('split-layer found no weapon in the picture; it found: head, torso, legF, legFFoot, legB, legBFoot');
    expect(() => splitLayer(still('pirate-front').image, 'background')).toThrow('no background to separate');
  });
});
