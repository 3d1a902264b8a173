// The colours of an effect's reference image. Uploads are often opaque pictures on a flat
// background (a PNG without alpha, a JPEG): that background is keyed out first, edges unmixed,
// so the palette is the subject's and not the backdrop's. Shrunk first: five colours do not need
// 4096² pixels, and keying is linear in the pixel count.
import type { RawImage } from '../../types.ts';
import type { Rgba } from '../../kernels/image.ts';
import { fitWithin } from '../../kernels/resize.ts';
import { borderColor, chromaKey } from './chromaKey.ts';
import { dominantColors } from './dominantColors.ts';

const SAMPLE_SIDE = 128;

/** Up to five dominant colours of the reference's subject, heaviest first. */
export function referenceColors(reference: RawImage): Rgba[] {
  const small = fitWithin(reference, SAMPLE_SIDE, SAMPLE_SIDE, 'smooth');
  const backdrop = borderColor(small);
  const subject = backdrop ? chromaKey(small, backdrop, { tolerance: 24 }) : small;
  const colors = dominantColors(subject, 5);
  // A reference that is all backdrop (a flat colour swatch) is itself the colour meant.
  return colors.length > 0 ? colors : dominantColors(small, 5);
}
