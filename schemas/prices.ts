// Credit prices: the hosted API's Limits table, and docs/contract.md §4 and §7 where it shows none. The one table:
// the server charges by it and the CLI names prices from it.
export const PRICES = {
  image: 2,
  /** effect v1 and character overlay v1, by resolution. */
  resolution: { '1K': 5, '2K': 7, '4K': 10 },
  effectV2: 3,
  overlayV2: { standard: 5, pro: 10 },
  /** zenith, plus and make-sprite v2, by the frame count the job makes. */
  frames: { 36: 9, 49: 9, 81: 13, 100: 25, 121: 25 } as Record<number, number>,
  /** make-sprite v1, by its square frame counts (docs/contract.md §7). */
  makeSpriteV1: { 25: 5, 36: 7, 49: 9, 64: 11, 81: 13, 100: 17, 121: 25, 144: 29, 169: 33 } as Record<number, number>,
  pulsar: { images: 3, restyle: 4 },
  /** image-tune/upscale, by the result's longest side (docs/contract.md §7). */
  upscale: { '1K': 1, '2K': 2, '4K': 4 },
  splitLayer: 2,
  /** sprite/reskin v1 (and the unversioned route) by resolution, v2 by quality. */
  reskinV1: { '1K': 3, '2K': 5, '4K': 7 },
  reskinV2: { standard: 3, pro: 6 },
  /** image-tune/inpaint v2 by quality; the unversioned route as standard. */
  inpaint: { standard: 2, pro: 4 },
} as const;
