// What the part rasterizer draws: a shape, a material and how the surface bends (a rounded edge,
// a tilt, facets, a painted colour), and the view that maps a drawing's units onto the canvas.
import type { Material } from './material.ts';
import type { Point, Shape } from './shapes.ts';

/**
 * A Voronoi site of a faceted surface: pixels nearest it lean toward (nx, ny) (chipped rock), or,
 * with a radius r, bulge like a dome of that radius centred on the site (clumps of leaves).
 */
export interface Facet {
  x: number;
  y: number;
  nx: number;
  ny: number;
  r?: number;
}

export interface Part {
  shape: Shape;
  material: Material;
  /** Radius (unit space) of the rounded edge: the surface curves over this far in from the edge. */
  bevel?: number;
  /** A constant lean of the surface normal (image space): flat facets of blades and gems. */
  tilt?: Point;
  /** Voronoi facets; each pixel leans like its nearest site, seams are drawn dark. */
  facets?: readonly Facet[];
  /** Added to the tone (-1..1): a darker or lighter piece of the same material. */
  tone?: number;
  /**
   * A per-pixel base colour (unit-space point -> RGB in `out`) instead of the material's ramp: the
   * surface is then lit by scaling it (a reference's own colours, re-lit on a new shape).
   */
  paint?: (x: number, y: number, out: Float32Array) => void;
  /** A tone ramp across the part's box, this much brighter at its top-left corner than at its centre: flat faces that still read as lit. */
  sheen?: number;
  /** 0..1, default 1: glass and ghosts let what is behind show. */
  opacity?: number;
  /** Smooth only: an edge line this many output pixels wide inside the part, in the material's line colour. */
  line?: number;
  /** Smooth only: draw just the edge line (an outline over parts drawn in pieces). */
  lineOnly?: boolean;
  /** Pixel art: kept at least one pixel wide (strings, glints). */
  thin?: boolean;
  /** The texture is read in coordinates turned back by this angle (a turned handle keeps its grain along it). */
  texAngle?: number;
  /** Drawn after the outline and shadow, outside the silhouette: sparkles and glints. */
  overlay?: boolean;
}

/** How unit space maps onto the canvas: px = u * scale + ox. */
export interface View {
  size: number;
  scale: number;
  ox: number;
  oy: number;
  pixel: boolean;
  /** Seed for surface textures. */
  seed: number;
}
