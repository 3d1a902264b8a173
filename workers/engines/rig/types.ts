// The automatic 2D rig: bones found from a sprite's silhouette, and which pixels each bone moves.
// Coordinates are the start image's pixels (x right, y down); a bone turns about its head joint.

export interface Vec {
  x: number;
  y: number;
}

export type BodyPlan = 'humanoid' | 'legged' | 'winged' | 'blob';

/** How many of a humanoid's lowest rows are its feet, for a figure `height` pixels tall. */
export const footRows = (height: number): number => Math.max(1, Math.round(0.12 * height));

export interface Bone {
  name: string;
  /** Index of the parent bone in Rig.bones (-1 for the root). */
  parent: number;
  /** The joint it turns about, and where it ends (the next joint, a hand, a tip). */
  head: Vec;
  tail: Vec;
  /**
   * How far it may turn from rest either way (radians), where its skin is only part of the limb
   * (a forearm told from the body by colour, its upper arm left in the sleeve).
   */
  maxTurn?: number;
}

/**
 * A part of the body as drawn: the pixels it covers (a label in Rig.labels), the bones that may move
 * them, and its depth (drawn back to front). A `copyOf` part re-draws another part's pixels bound to
 * other bones: the far leg of a side view, hidden behind the near one until they stride apart.
 */
export interface Part {
  name: string;
  bones: number[];
  depth: number;
  copyOf?: number;
  /** Shade of a copy, 0..1 darker (the far limb is in the body's shadow). */
  shade?: number;
  /**
   * A rigid thing on the body (a shield): its mesh shares no vertex with the parts around it, so
   * nothing they do bends it.
   */
  rigid?: boolean;
  /**
   * A chibi's shoe stepping under the body's hem (shoes.ts): rigid, and its mesh carries a backing
   * of the hem (skin.ts), so the hem rising off it opens no crack.
   */
  shoe?: boolean;
  /**
   * A limb lying against the body (an arm down the side): the bone whose head is where it joins the
   * body. Its mesh meets the other parts only near that joint, so swung out it leaves the body's
   * side as drawn instead of pulling it into a web.
   */
  joinedAt?: number;
  /**
   * A copy of a limb drawn over the body (an arm across the chest), bound to the body and drawn
   * from the body painted in where the limb covered it (Rigged.layers), so the limb can move away
   * without leaving a hole.
   */
  under?: boolean;
}

export interface Rig {
  plan: BodyPlan;
  view: 'side' | 'front';
  /** +1 faces right, -1 left (a side view); +1 for front views. */
  facing: 1 | -1;
  /** The subject's height in pixels: motion curves are written in these units. */
  height: number;
  /** The ground point under the subject's feet (the anchor). */
  ground: Vec;
  bones: Bone[];
  parts: Part[];
  /** Per pixel of the start image: index into `parts`, -1 where there is no subject. */
  labels: Int8Array;
  width: number;
  /**
   * Set for a flat thing (a coin, a key, a card, a shield): how wide it looks edge-on, as a share of
   * its width. A turn thins it to that sliver; a body (absent here) keeps its depth side-on.
   */
  edge?: number;
  /**
   * Set for a soft-looking body that is no soft body: a blob widest in its upper half (a head, a
   * helmet over a body whose limbs are too small to find) squashes little, where a slime, widest at
   * its base, squashes and stretches.
   */
  firm?: boolean;
  /** Named joints a motion drives (e.g. 'legL' -> the upper-leg bone index), absent where not found. */
  index: Readonly<Record<string, number>>;
}

/** A bone's pose: a turn about its head (radians, clockwise on screen) and a stretch along its length. */
export interface BonePose {
  angle: number;
  stretch: number;
}
