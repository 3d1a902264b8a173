// Reading a restyle text into a plan (a material, colours, tone modifiers) and the ramp that plan
// maps luma through. How words combine:
//   - the first material word sets the material; further material words act as colours ("icy fire");
//     a plain material (no glow, grain or fade) joined to a colour by "and" is a colour too, so
//     "purple and gold" is a duotone (shadows purple, highlights gold), not gold turned purple;
//   - colours turn a hue-bearing material to their hue ("blue fire": the fire ramp rotated to blue,
//     each stop kept at its luma; a near hue barely turns it, so "icy blue" stays ice) and tint a
//     grey one ("red ghost"); with two colours the first takes the lower half of the ramp, the
//     second the upper;
//   - colours alone make a ramp shade -> colour -> tint (several: darkest colour lowest);
//   - dark / light / vivid / muted adjust the ramp; "dark" alone is the shadow material, and the
//     other modifiers alone adjust the sprite's own colours;
//   - nothing recognised: a mild tint of a seeded hue, recorded in the plan.
import type { Rgba } from '../../kernels/image.ts';
import { buildRamp } from '../../kernels/luminanceMap.ts';
import type { Ramp, RampStop } from '../../kernels/luminanceMap.ts';
import { words } from '../../kernels/words.ts';
import { createRandom } from '../../kernels/random.ts';
import { hsl } from '../../kernels/recolor.ts';
import { lumaOf, saturate, shade, tint, toHex, toHsl, withHue, withLuma } from '../../kernels/tone.ts';
import { COLOR_NAMES, MATERIALS, MODIFIERS } from '../materials.ts';
import type { Material, Modifier } from '../materials.ts';

/** What sheet.json records under meta.plan. */
export interface RestylePlan {
  material: string | null;
  colors: string[];
  modifiers: string[];
  reference: boolean;
  /** The seeded tint used when the text named nothing we know. */
  tint?: string;
}

export interface RestyleRecipe {
  plan: RestylePlan;
  material?: Material;
  /** Null: keep the source's colours (reference alone, or modifiers alone adjust them). */
  ramp: Ramp | null;
  /** How far the ramp replaces the source colour (the unknown-text tint is mild). */
  strength: number;
}

const SHADOW = MATERIALS.find((m) => m.name === 'shadow') as Material;

/** The words of `text` that name something, in order. */
function readWords(text: string): { materials: Material[]; colors: { name: string; color: Rgba }[]; modifiers: Modifier[] } {
  const lower = text.toLowerCase().replace(/black\s*(and|&|n)\s*white|b\s*&\s*w/g, 'grayscale');
  const out = { materials: [] as Material[], colors: [] as { name: string; color: Rgba }[], modifiers: [] as Modifier[] };
  for (const w of words(lower)) {
    const m = MATERIALS.find((e) => e.words.includes(w));
    if (m) {
      if (!out.materials.includes(m)) out.materials.push(m);
      continue;
    }
    const col = COLOR_NAMES.find((e) => e.words.includes(w));
    if (col) {
      if (!out.colors.some((x) => x.name === col.name)) out.colors.push({ name: col.name, color: col.color });
      continue;
    }
    const mod = MODIFIERS.find((e) => e.words.includes(w));
    if (mod && !out.modifiers.includes(mod)) out.modifiers.push(mod);
  }
  return out;
}

/** The material's colour at the middle of its ramp (what it stands for as a colour). */
function midColor(m: Material): Rgba {
  const s = m.stops;
  return (s[Math.floor(s.length / 2)] as RampStop).color;
}

/** Colours alone: shade -> colour(s) -> tint, darkest colour lowest, every stop rising in luma. */
function colorStops(colors: Rgba[]): RampStop[] {
  const sorted = [...colors].sort((a, b) => lumaOf(a) - lumaOf(b));
  if (sorted.length === 1) {
    const col = sorted[0] as Rgba;
    // The pure colour sits near its own lightness so yellow stays light and navy deep, but
    // never so far out that the sprite's mid-tones all land on black or white.
    const t = Math.max(0.38, Math.min(0.66, lumaOf(col) / 255));
    return [
      { at: 0, color: shade(col, 0.12) }, { at: t * 0.5, color: shade(col, 0.5) }, { at: t, color: col },
      { at: t + (1 - t) * 0.55, color: tint(col, 0.45) }, { at: 1, color: tint(col, 0.86) },
    ];
  }
  // Several: spread them over 0.3..0.72, each at least 18 luma above the one before.
  const mids: Rgba[] = [];
  for (const col of sorted) {
    const prev = mids[mids.length - 1];
    mids.push(prev && lumaOf(col) < lumaOf(prev) + 18 ? withLuma(col, Math.min(250, lumaOf(prev) + 18)) : col);
  }
  const first = mids[0] as Rgba;
  const last = mids[mids.length - 1] as Rgba;
  return [
    { at: 0, color: shade(first, 0.14) },
    ...mids.map((color, i) => ({ at: 0.3 + (0.42 * i) / (mids.length - 1), color })),
    { at: 1, color: tint(last, 0.8) },
  ];
}

/** A material's stops turned to a colour: hue-bearing ones rotate, grey ones take a tint. */
function colorMaterial(m: Material, col: Rgba, upper: boolean | undefined): RampStop[] {
  const ch = toHsl(col);
  const mid = toHsl(midColor(m));
  return m.stops.map((s) => {
    if (upper !== undefined && (s.at > 0.5) !== upper) return s;
    if (ch.s < 0.12) {
      // White, black or grey: wash the material out rather than turn it.
      const grey = saturate(s.color, 0.25);
      return { at: s.at, color: withLuma(grey, lumaOf(s.color)) };
    }
    const own = toHsl(s.color);
    // A hue close to the material's own barely turns it ("icy blue" is ice, "red fire" is fire);
    // a far one turns it all the way ("blue fire").
    const delta = ((ch.h - mid.h + 540) % 360) - 180;
    const turn = delta * Math.min(1, Math.abs(delta) / 60);
    const color = m.chromatic
      ? withHue(s.color, own.h + turn, Math.max(own.s, 0.35))
      : withHue(s.color, ch.h, Math.max(own.s, 0.5 * ch.s));
    return { at: s.at, color };
  });
}

/** One colour through the tone modifiers, in the order the text names them. */
export function modifyColor(col: Rgba, mods: readonly string[]): Rgba {
  let out = col;
  for (const m of mods) {
    if (m === 'dark') out = shade(out, 0.6);
    else if (m === 'light') out = saturate(tint(out, 0.3), 0.8);
    else if (m === 'vivid') out = saturate(out, 1.45);
    else if (m === 'muted') out = saturate(out, 0.5);
  }
  return out;
}

// Each modifier keeps the ramp rising: shade and tint move every stop the same monotone way,
// saturate keeps each stop's luma.
const applyModifiers = (stops: RampStop[], mods: readonly string[]): RampStop[] =>
  stops.map((s) => ({ at: s.at, color: modifyColor(s.color, mods) }));

/** The plan and ramp for `text`; `seed` picks the tint when nothing is recognised. */
export function readRestyle(text: string, hasReference: boolean, seed: string): RestyleRecipe {
  const found = readWords(text);
  // "purple and gold": a plain material joined to a colour is one of the colours (a duotone),
  // not a material turned purple. Materials with a finish (glow, grain, fade) stay materials.
  const joined = found.colors.length > 0 && /\band\b|&|,|\+/.test(text);
  const plain = (m: Material): boolean => !m.glow && !m.grain && !m.flow && !m.alpha && !m.invert;
  const asColors = joined ? found.materials.filter(plain) : [];
  const materials = found.materials.filter((m) => !asColors.includes(m));
  let material = materials[0];
  const colors = [...found.colors];
  for (const extra of [...asColors, ...materials.slice(1)]) colors.push({ name: extra.name, color: midColor(extra) });
  let mods = found.modifiers;
  // "dark" alone is a material, not a modifier of nothing.
  if (!material && colors.length === 0 && mods.some((m) => m.name === 'dark')) {
    material = SHADOW;
    mods = mods.filter((m) => m.name !== 'dark');
  }
  const modNames = mods.map((m) => m.name);
  const plan: RestylePlan = { material: material?.name ?? null, colors: colors.map((x) => x.name), modifiers: modNames, reference: hasReference };
  let stops: RampStop[] | null = null;
  if (material) {
    stops = material.stops;
    if (colors.length === 1) stops = colorMaterial(material, (colors[0] as { color: Rgba }).color, undefined);
    else if (colors.length > 1) {
      stops = colorMaterial(material, (colors[0] as { color: Rgba }).color, false);
      stops = colorMaterial({ ...material, stops }, (colors[1] as { color: Rgba }).color, true);
    }
  } else if (colors.length > 0) stops = colorStops(colors.map((x) => x.color));
  if (stops) return { plan, material, ramp: buildRamp(applyModifiers(stops, modNames)), strength: 1 };
  if (mods.length > 0 || hasReference) return { plan, ramp: null, strength: 1 };
  // Nothing we know: a mild tint of a seeded hue, so the result still differs from the source.
  const hue = createRandom(seed, 'restyle-tint').range(0, 360);
  const col = hsl(hue, 0.6, 0.5);
  return { plan: { ...plan, tint: toHex(col) }, ramp: buildRamp(colorStops([col])), strength: 0.3 };
}
