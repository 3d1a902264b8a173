// A round shield over the hips is one rigid part the torso carries: the legs under it stride
// without tearing its rim after each foot.
import { describe, expect, it } from 'vitest';
import { rigSkeleton } from '../../../../workers/engines/rig/rigged.ts';
import { animate } from '../../../../workers/engines/animate/animate.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { still, stills } from '../../../fixtures/realSprites.ts';

const shieldPixels = (name: string): number => {
  const s = still(name);
  const { rig } = rigSkeleton(s.image, s.isPixel)!;
  const part = rig.parts.findIndex((p) => p.name === 'shield');
  return part < 0 ? 0 : rig.labels.reduce((n, l) => n + (l === part ? 1 : 0), 0);
};

/** Box of the shield's colours (reds and browns: strong chroma, red the largest channel). */
function shieldBox(f: RawImage): { width: number; height: number } {
  let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
  for (let y = 0; y < f.height; y++) for (let x = 0; x < f.width; x++) {
    const i = (y * f.width + x) * 4, d = f.data;
    const r = d[i]!, g = d[i + 1]!, b = d[i + 2]!;
    if (d[i + 3]! < 128 || r - Math.min(g, b) < 40 || r < g || r < b) continue;
    x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
  }
  return { width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

describe('a shield carried over the hips', () => {
  it('is found on the skeleton warrior, seen from the side and from the front', () => {
    expect(shieldPixels('skeleton-side')).toBeGreaterThan(500);
    expect(shieldPixels('skeleton-front')).toBeGreaterThan(500);
  });

  it.each(stills.filter((s) => !s.name.startsWith('skeleton-')).map((s) => s.name))('is not found on %s, which carries none', (name) => {
    expect(shieldPixels(name)).toBe(0);
  });

  it.each(['skeleton-side', 'skeleton-front'])('%s: the shield keeps its size in every frame of a walk (it turns whole, not stretched by the legs)', (name) => {
    const s = still(name);
    const r = animate({ start: s.image, text: 'walk', frames: 24, isPixel: true, seed: 'shield' });
    const rest = shieldBox(r.frames[0]!);
    for (const [i, f] of r.frames.entries()) {
      const box = shieldBox(f);
      expect(Math.abs(box.width - rest.width), `frame ${i}`).toBeLessThanOrEqual(1);
      expect(Math.abs(box.height - rest.height), `frame ${i}`).toBeLessThanOrEqual(1);
    }
  });
});
