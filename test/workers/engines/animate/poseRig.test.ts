// How a motion frame turns a rig's legs: long legs bend at the knee toward the foot targets; a
// painted chibi's short legs (the shin mostly a shoe) keep the shin level and step shorter, so the
// shoe is not turned into a smear; pixel art keeps the full bend.
import { describe, expect, it } from 'vitest';
import { poseRig, turnWidth } from '../../../../workers/engines/animate/poseRig.ts';
import { frame } from '../../../../workers/engines/animate/motionFrame.ts';
import { apply, boneTransforms } from '../../../../workers/engines/rig/kinematics.ts';
import type { Bone, Rig } from '../../../../workers/engines/rig/types.ts';

/**
 * A straight limb from (x, y0) down to (x, y1): bone `name` (a child of bone `parent`) to the joint
 * halfway, then `${name}Lower`, whose parent is bone `at` (where `name` lands in the list).
 */
function limb(name: string, parent: number, at: number, x: number, y0: number, y1: number): Bone[] {
  const joint = { x, y: (y0 + y1) / 2 };
  return [{ name, parent, head: { x, y: y0 }, tail: joint }, { name: `${name}Lower`, parent: at, head: joint, tail: { x, y: y1 } }];
}

/** A side-view humanoid facing right, 100 px tall, legs `leg` px from hip to sole (thigh and shin halves). */
function sideRig(leg: number): Rig {
  const hip = { x: 50, y: 100 - leg }, knee = { x: 50, y: 100 - leg / 2 }, sole = { x: 50, y: 100 };
  const bones: Bone[] = [
    { name: 'spine', parent: -1, head: hip, tail: { x: 50, y: 30 } },
    { name: 'legF', parent: 0, head: hip, tail: knee },
    { name: 'legFLower', parent: 1, head: knee, tail: sole },
    { name: 'legB', parent: 0, head: hip, tail: knee },
    { name: 'legBLower', parent: 3, head: knee, tail: sole },
  ];
  return {
    plan: 'humanoid', view: 'side', facing: 1, height: 100, ground: sole, bones, parts: [], labels: new Int8Array(0), width: 100,
    index: { spine: 0, legF: 1, legFLower: 2, legB: 3, legBLower: 4 },
  };
}

const stride = frame({ crouch: 0.05, feet: [{ forward: 0.12, up: 0.04 }, { forward: -0.1, up: 0 }] });
/** The front leg's thigh turn and the shin's turn on screen (its own plus the thigh's). */
function frontLeg(rig: Rig, pixel: boolean): { thigh: number; shinOnScreen: number } {
  const { bones } = poseRig(rig, stride, pixel).pose;
  const thigh = bones[1]!.angle, shin = bones[2]!.angle;
  return { thigh, shinOnScreen: thigh + shin };
}

describe('poseRig legs', () => {
  it('long legs (45% of the height) bend at the knee: the shin turns on screen', () => {
    const { thigh, shinOnScreen } = frontLeg(sideRig(45), false);
    expect(Math.abs(thigh)).toBeGreaterThan(0.1);
    expect(Math.abs(shinOnScreen)).toBeGreaterThan(0.05);
  });

  it('a painted chibi\'s short legs (20%) keep the shin level and still step', () => {
    const { thigh, shinOnScreen } = frontLeg(sideRig(20), false);
    expect(Math.abs(thigh)).toBeGreaterThan(0.1);
    expect(Math.abs(shinOnScreen)).toBeLessThan(1e-9);
  });

  it('pixel art with short legs keeps the full knee bend', () => {
    expect(Math.abs(frontLeg(sideRig(20), true).shinOnScreen)).toBeGreaterThan(0.05);
  });

  it('a painted chibi\'s hips drop no further than its legs are long', () => {
    const drop = (leg: number, pixel: boolean) => poseRig(sideRig(leg), frame({ crouch: 0.2 }), pixel).pose.offset.y;
    expect(drop(20, false)).toBeLessThan(0.5 * drop(20, true));
    expect(drop(45, false)).toBeCloseTo(drop(45, true));
  });
});

describe('poseRig kick', () => {
  /** A three-quarter humanoid facing `facing`: legs apart, legL at x 40 and legR at x 60. */
  function threeQuarter(facing: 1 | -1): Rig {
    const bones: Bone[] = [
      { name: 'spine', parent: -1, head: { x: 50, y: 60 }, tail: { x: 50, y: 10 } },
      ...limb('legL', 0, 1, 40, 60, 100),
      ...limb('legR', 0, 3, 60, 60, 100),
    ];
    return {
      plan: 'humanoid', view: 'side', facing, height: 100, ground: { x: 50, y: 100 }, bones, parts: [], labels: new Int8Array(0), width: 100,
      index: { spine: 0, legL: 1, legLLower: 2, legR: 3, legRLower: 4 },
    };
  }
  const out = frame({ kick: 1, feet: [{ forward: 0.36, up: 0.26 }, { forward: -0.04, up: 0 }] });

  // The far leg kicked forward passes behind the body, hidden, dragging the hem over the hips.
  it.each([[1, 'legR', 'legL'], [-1, 'legL', 'legR']] as const)('facing %i, the near leg (%s) kicks and the far one (%s) stands', (facing, near, far) => {
    const rig = threeQuarter(facing);
    const { bones } = poseRig(rig, out, false).pose;
    const turn = (name: string) => Math.abs(bones[rig.index[name]!]?.angle ?? 0);
    expect(turn(near)).toBeGreaterThan(0.8);
    expect(turn(far)).toBeLessThan(0.2);
  });

  it('a walk keeps the rig\'s order of legs (only a kick picks the near one)', () => {
    const rig = threeQuarter(1);
    const { bones } = poseRig(rig, stride, false).pose;
    // The first foot (stepping forward, raised) is legL's: its thigh turns the most.
    expect(Math.abs(bones[rig.index.legL!]!.angle)).toBeGreaterThan(Math.abs(bones[rig.index.legR!]!.angle) + 0.5);
  });
});

describe('poseRig lean', () => {
  /** A 32 px side view: hips at 20, neck at 12, the head's top at 0. */
  const small = (): Rig => {
    const rig = sideRig(12);
    const neck = { x: 50, y: 12 }, hip = { x: 50, y: 20 };
    rig.bones = [{ name: 'spine', parent: -1, head: hip, tail: neck }, { name: 'head', parent: 0, head: neck, tail: { x: 50, y: 0 } }];
    rig.index = { spine: 0, head: 1 };
    rig.height = 32;
    return rig;
  };
  const lean = (pixel: boolean, by: number): number => poseRig(small(), frame({ lean: by }), pixel).pose.bones[0]!.angle;

  it('pixel art stays upright under a lean that moves its top less than a pixel and a half (it would only shear a column)', () => {
    expect(lean(true, 0.04)).toBe(0);
  });

  it('pixel art leans when the lean shows, and painted art leans however little', () => {
    expect(lean(true, 0.2)).toBeCloseTo(0.2);
    expect(lean(false, 0.04)).toBeCloseTo(0.04);
  });
});

describe('poseRig arms', () => {
  /** sideRig with an arm hanging from the shoulder on its facing side. */
  const armed = (leg: number): Rig => {
    const rig = sideRig(leg);
    const shoulder = { x: 52, y: 40 }, elbow = { x: 52, y: 52 }, hand = { x: 52, y: 64 };
    rig.bones = [...rig.bones, { name: 'armR', parent: 0, head: shoulder, tail: elbow }, { name: 'armRLower', parent: 5, head: elbow, tail: hand }];
    rig.index = { ...rig.index, armR: 5, armRLower: 6 };
    return rig;
  };
  const elbow = (leg: number, pixel: boolean): number => {
    const rig = armed(leg);
    return Math.abs(poseRig(rig, frame({ arms: [{ swing: 0.3, bend: 1.2 }, { swing: 0.3, bend: 1.2 }] }), pixel).pose.bones[rig.index.armRLower!]!.angle);
  };

  const upperArm = (leg: number, swing: number): number => {
    const rig = armed(leg);
    return Math.abs(poseRig(rig, frame({ arms: [{ swing, bend: 0 }, { swing, bend: 0 }] }), false).pose.bones[rig.index.armR!]!.angle);
  };

  // Thrown up, a chibi's arms went behind its big head and were gone for the launch of its jump.
  it('a painted chibi swings a level arm lower (its shoulder is at its chin) and arms thrown up out level in front; a walk\'s swing stays', () => {
    expect(upperArm(20, 1.6)).toBeLessThan(upperArm(45, 1.6) - 0.3);
    expect(upperArm(20, 2.4)).toBeLessThan(upperArm(45, 2.4) - 0.7);
    for (let s = 1.6; s <= 3.2; s += 0.1) expect(upperArm(20, s)).toBeLessThanOrEqual(1.6 + 1e-9);
    expect(upperArm(20, 0.5)).toBeCloseTo(upperArm(45, 0.5));
    // No jump between neighbouring swings (an arm coming down from overhead).
    for (let s = 0.5; s < 2.6; s += 0.05) expect(Math.abs(upperArm(20, s + 0.05) - upperArm(20, s))).toBeLessThan(0.1);
  });

  it('a painted chibi bends its elbow half as far (its fist would reach its face), others the full way', () => {
    expect(elbow(45, false)).toBeCloseTo(1.2);
    expect(elbow(20, false)).toBeCloseTo(0.6);
    expect(elbow(20, true)).toBeCloseTo(1.2);
  });
});

describe('poseRig weapons', () => {
  /** sideRig with an arm hanging to the hip and a 40 px sword pointing down from the hand. */
  const swordsman = (): Rig => {
    const rig = sideRig(45);
    const shoulder = { x: 52, y: 40 }, elbow = { x: 52, y: 50 }, hand = { x: 52, y: 60 }, tip = { x: 52, y: 100 };
    rig.bones = [...rig.bones, { name: 'armR', parent: 0, head: shoulder, tail: elbow }, { name: 'armRLower', parent: 5, head: elbow, tail: hand }, { name: 'armRWeapon', parent: 6, head: hand, tail: tip }];
    rig.index = { ...rig.index, armR: 5, armRLower: 6, armRWeapon: 7 };
    return rig;
  };
  const tipY = (rig: Rig, f: ReturnType<typeof frame>): number => {
    const { pose, global } = poseRig(rig, f, false);
    const t = boneTransforms(rig, pose)[7]!;
    const tip = apply(t, rig.bones[7]!.tail.x, rig.bones[7]!.tail.y);
    return apply(global, tip.x, tip.y).y;
  };

  // Lying after a fall, a sword held low went on into the floor.
  it('keeps a held sword\'s tip on or above the ground, fallen over or striking down', () => {
    const rig = swordsman();
    for (const f of [frame({ topple: Math.PI / 2, arms: [{ swing: 1.2, bend: 0.2 }, { swing: 0.9, bend: 0.2 }] }), frame({ crouch: 0.1, arms: [{ swing: 0.2, bend: 0 }, { swing: 0.2, bend: 0 }], wrist: 0.3 })]) {
      expect(tipY(rig, f)).toBeLessThanOrEqual(rig.ground.y + 0.5 + 1e-9);
    }
    // Where the motion keeps it off the floor (at rest its tip is on the ground line), it is left alone.
    expect(poseRig(rig, frame({}), false).pose.bones[7]).toBeUndefined();
  });
});

describe('turnWidth', () => {
  // Side-on a body keeps its depth, never thinned to a card's edge; a flat thing (rig.edge) shows its edge.
  it('a body narrows to 0.4 of its width side-on, never less, and is mirrored past it', () => {
    const rig = sideRig(45);
    const widths = Array.from({ length: 73 }, (_, i) => turnWidth(rig, Math.cos((2 * Math.PI * i) / 72)));
    expect(Math.min(...widths.map(Math.abs))).toBeCloseTo(0.4);
    expect(turnWidth(rig, -0.01)).toBeLessThan(0);
    expect(turnWidth(rig, 1)).toBe(1);
  });

  it('a flat thing narrows to its edge side-on', () => {
    const coin = { ...sideRig(45), plan: 'blob' as const, edge: 0.15 };
    expect(Math.abs(turnWidth(coin, 0))).toBeCloseTo(0.15);
    expect(turnWidth(coin, -0.05)).toBeCloseTo(-0.15);
    expect(turnWidth(coin, 0.5)).toBeCloseTo(0.5);
  });
});

describe('a four-legged body crouching', () => {
  /** A 40 px tall side-view quadruped facing right: a body over two 12 px legs. */
  function quadruped(): Rig {
    const bones: Bone[] = [
      { name: 'pelvis', parent: -1, head: { x: 50, y: 28 }, tail: { x: 50, y: 27.99 } },
      { name: 'base', parent: 0, head: { x: 50, y: 28 }, tail: { x: 50, y: 18 } },
      { name: 'leg0', parent: 0, head: { x: 40, y: 28 }, tail: { x: 40, y: 34 } },
      { name: 'leg0Lower', parent: 2, head: { x: 40, y: 34 }, tail: { x: 40, y: 40 } },
      { name: 'leg1', parent: 0, head: { x: 60, y: 28 }, tail: { x: 60, y: 34 } },
      { name: 'leg1Lower', parent: 4, head: { x: 60, y: 34 }, tail: { x: 60, y: 40 } },
    ];
    return {
      plan: 'legged', view: 'side', facing: 1, height: 40, ground: { x: 50, y: 40 }, bones, parts: [], labels: new Int8Array(0), width: 100,
      index: { pelvis: 0, base: 1, leg0: 2, leg0Lower: 3, leg1: 4, leg1Lower: 5 },
    };
  }

  // It used to squash the whole body like a slime (to 0.7 of its height) and drop nothing.
  it('dips its body on shortened legs and keeps its shape', () => {
    const { pose, global } = poseRig(quadruped(), frame({ crouch: 0.14, squash: 0.8 }), false);
    expect(pose.offset.y).toBeGreaterThan(1);
    expect(pose.bones[2]!.stretch).toBeLessThan(1);
    // A quarter of the squash at most: the body's give, not a slime's.
    expect(global[3]).toBeGreaterThanOrEqual(0.94);
    expect(global[0]).toBeLessThanOrEqual(1.07);
  });
});

/** `sideRig(45)` with one arm from the shoulder at (50, 45), drawn pointing `rest` (radians clockwise from +x). */
function armedRig(rest: number): Rig {
  const rig = sideRig(45);
  const shoulder = { x: 50, y: 45 }, elbow = { x: 50 + 15 * Math.cos(rest), y: 45 + 15 * Math.sin(rest) };
  const hand = { x: 50 + 30 * Math.cos(rest), y: 45 + 30 * Math.sin(rest) };
  const bones: Bone[] = [...rig.bones, { name: 'armR', parent: 0, head: shoulder, tail: elbow }, { name: 'armRLower', parent: 5, head: elbow, tail: hand }];
  return { ...rig, bones, index: { ...rig.index, armR: 5, armRLower: 6 } };
}

/** Where the arm points on screen in `f` (its rest direction plus its turn). */
const armOnScreen = (rest: number, f: ReturnType<typeof frame>): number => rest + poseRig(armedRig(rest), f, false).pose.bones[5]!.angle;

// An arm drawn across the belly (pointing down and forward) thrown up in a jump went on up across
// the face: a large swing is taken from straight down, a small one from the arm as drawn.
describe('poseRig arms seen from the side', () => {
  const hanging = Math.PI / 2, across = Math.PI / 2 - 0.55;
  it('a large swing (a jump\'s arms thrown up) points the arm the same way whatever its drawn rest', () => {
    const thrown = frame({ arms: [{ swing: 2.4, bend: 0 }, { swing: 2.4, bend: 0 }] });
    expect(armOnScreen(across, thrown)).toBeCloseTo(armOnScreen(hanging, thrown), 9);
  });

  it('a small swing (a walk\'s) turns the arm from where it was drawn', () => {
    const swing = frame({ arms: [{ swing: 0.4, bend: 0 }, { swing: 0.4, bend: 0 }] });
    expect(armOnScreen(across, swing) - across).toBeCloseTo(armOnScreen(hanging, swing) - hanging, 9);
  });
});

// Seen from the front every raised arm stopped a little above level (0.6 of any swing): a cheer
// held the arms out flat. A raised arm now shows its height, as far as its hand stays clear of
// the head it goes behind.
describe('poseRig arms seen from the front', () => {
  /** A front view 100 px tall: shoulders at x 40 and 60, arms 28 px, a head part `half` px either side of x 50. */
  function frontRig(half: number): Rig {
    const bones: Bone[] = [
      { name: 'spine', parent: -1, head: { x: 50, y: 60 }, tail: { x: 50, y: 30 } },
      { name: 'head', parent: 0, head: { x: 50, y: 30 }, tail: { x: 50, y: 5 } },
      ...limb('armL', 0, 2, 40, 32, 60),
      ...limb('armR', 0, 4, 60, 32, 60),
    ];
    const labels = new Int8Array(100 * 100).fill(-1);
    for (let y = 5; y < 30; y++) for (let x = 50 - half; x < 50 + half; x++) labels[y * 100 + x] = 0;
    return {
      plan: 'humanoid', view: 'front', facing: 1, height: 100, ground: { x: 50, y: 100 }, bones, parts: [{ name: 'head', bones: [1], depth: 0 }], labels, width: 100,
      index: { spine: 0, head: 1, armL: 2, armLLower: 3, armR: 4, armRLower: 5 },
    };
  }
  /** Where the left hand is, against its shoulder (40, 32), for a swing of both arms. */
  const hand = (rig: Rig, swing: number, bend = 0): { x: number; y: number } => {
    const pose = poseRig(rig, frame({ arms: [{ swing, bend }, { swing, bend }] }), false).pose;
    return apply(boneTransforms(rig, pose)[3]!, 40, 60);
  };

  it('arms thrown up in a cheer stand over the shoulders, where there is room beside the head', () => {
    const rig = frontRig(8);
    expect(32 - hand(rig, 3).y).toBeGreaterThan(0.75 * 28);
    // Mirrored: the right hand rises as high, out to the right.
    const pose = poseRig(rig, frame({ arms: [{ swing: 3, bend: 0 }, { swing: 3, bend: 0 }] }), false).pose;
    const right = apply(boneTransforms(rig, pose)[5]!, 60, 60);
    expect(right.y).toBeCloseTo(hand(rig, 3).y, 9);
    expect(right.x - 50).toBeCloseTo(50 - hand(rig, 3).x, 9);
  });

  it('a walk\'s swing only sways the arm, as before', () => {
    const rig = frontRig(8);
    for (const swing of [-0.5, 0.2, 0.5, 0.9]) {
      const pose = poseRig(rig, frame({ arms: [{ swing, bend: 0 }, { swing, bend: 0 }] }), false).pose;
      expect(pose.bones[2]!.angle).toBeCloseTo(0.6 * swing, 9);
    }
  });

  it('beside a big head a raised hand stops where it still shows, half an arm past the head', () => {
    const rig = frontRig(20);
    for (let swing = 0; swing <= 3.2; swing += 0.1) {
      const h = hand(rig, swing);
      if (h.y < 32) expect(h.x).toBeLessThanOrEqual(30 - 14 + 1e-9);
    }
    // Still raised above level, not held out flat.
    expect(32 - hand(rig, 3).y).toBeGreaterThan(0.4 * 28);
  });

  // Beside a head as wide as its shoulders (a chibi's mushroom of hair) the arm stopped at level and
  // a cheer held it out straight: it pointed.
  it('beside a head too wide to raise a hand past, pumps the fist: elbow down, forearm up beside the shoulder', () => {
    const rig = frontRig(30);
    const pose = poseRig(rig, frame({ arms: [{ swing: 3, bend: 0.15 }, { swing: 3, bend: 0.15 }] }), false).pose;
    const t = boneTransforms(rig, pose);
    const elbow = apply(t[2]!, 40, 46), fist = apply(t[3]!, 40, 60);
    expect(fist.y).toBeLessThanOrEqual(32);
    expect(elbow.y - fist.y).toBeGreaterThan(0.5 * 14);
    // Out on its own side, but not held out at length.
    expect(fist.x).toBeLessThan(40 - 7);
    expect(fist.x).toBeGreaterThan(40 - 0.75 * 28);
  });

  // The pump took the forearm's turn whatever the motion's bend: a wave held a still fist.
  it('beside a head too wide, a wave still waves: the motion\'s bend moves the pumped forearm', () => {
    const rig = frontRig(30);
    const forearm = (bend: number): number => poseRig(rig, frame({ arms: [{ swing: 2.6, bend }, { swing: 2.6, bend }] }), false).pose.bones[3]!.angle;
    expect(Math.abs(forearm(1.1) - forearm(0.1))).toBeGreaterThan(0.5);
  });

  it('has no jump between neighbouring swings (an arm coming down from overhead)', () => {
    for (const half of [8, 20, 30]) {
      const rig = frontRig(half);
      for (let s = -1.5; s < 3.2; s += 0.05) {
        const a = hand(rig, s), b = hand(rig, s + 0.05);
        expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(0.1 * 28);
      }
    }
  });
});

// A three-quarter view (a side view whose legs stand apart) raising the arm on its far side from
// the facing swung it forward across its chest: a painted chibi's cheer held its hand at its chin.
describe('poseRig arms seen three-quarters', () => {
  /** Facing right, an arm hanging from a shoulder left of the spine; legs apart (legL, legR) or one behind the other (legF, legB). */
  function rig(apart: boolean): Rig {
    const [a, b] = apart ? ['legL', 'legR'] : ['legF', 'legB'];
    const bones: Bone[] = [
      { name: 'spine', parent: -1, head: { x: 50, y: 60 }, tail: { x: 50, y: 30 } },
      ...limb(a!, 0, 1, 44, 60, 100),
      ...limb(b!, 0, 3, 56, 60, 100),
      ...limb('armL', 0, 5, 40, 32, 60),
    ];
    return {
      plan: 'humanoid', view: 'side', facing: 1, height: 100, ground: { x: 50, y: 100 }, bones, parts: [], labels: new Int8Array(0), width: 100,
      index: { spine: 0, [a!]: 1, [`${a}Lower`]: 2, [b!]: 3, [`${b}Lower`]: 4, armL: 5, armLLower: 6 },
    };
  }
  const hand = (r: Rig, swing: number): { x: number; y: number } => {
    const pose = poseRig(r, frame({ arms: [{ swing, bend: 0 }, { swing, bend: 0 }] }), false).pose;
    return apply(boneTransforms(r, pose)[6]!, 40, 60);
  };

  it('arms thrown up rise out on the arm\'s own side, not across the chest', () => {
    const h = hand(rig(true), 3);
    expect(h.x).toBeLessThan(40 - 10);
    expect(h.y).toBeLessThan(32);
    // A true side view still swings it forward, in the facing direction.
    expect(hand(rig(false), 3).x).toBeGreaterThan(40);
  });

  it('a walk\'s swing and a punch (up to level) still go forward, as in a side view', () => {
    for (const swing of [0.3, 0.9, 1.5]) expect(hand(rig(true), swing).x).toBeCloseTo(hand(rig(false), swing).x, 9);
  });
});

// Seen from the front a kick only shortened the leg toward the viewer: a knee raised, no kick.
describe('a front view kicking', () => {
  it('swings the lead leg out to its own side at full length; the other leg stands', () => {
    const bones: Bone[] = [
      { name: 'spine', parent: -1, head: { x: 50, y: 55 }, tail: { x: 50, y: 25 } },
      ...limb('legL', 0, 1, 44, 55, 100),
      ...limb('legR', 0, 3, 56, 55, 100),
    ];
    const rig: Rig = {
      plan: 'humanoid', view: 'front', facing: 1, height: 100, ground: { x: 50, y: 100 }, bones, parts: [], labels: new Int8Array(0), width: 100,
      index: { spine: 0, legL: 1, legLLower: 2, legR: 3, legRLower: 4 },
    };
    const kicked = frame({ kick: 1, feet: [{ forward: 0.36, up: 0.26 }, { forward: -0.04, up: 0 }] });
    const pose = poseRig(rig, kicked, false).pose;
    const foot = apply(boneTransforms(rig, pose)[2]!, 44, 100), other = apply(boneTransforms(rig, pose)[4]!, 56, 100);
    // Out to the left, raised most of the way to the hips, not shortened.
    expect(foot.x).toBeLessThan(44 - 30);
    expect(foot.y).toBeLessThan(100 - 25);
    expect(Math.hypot(foot.x - 44, foot.y - 55)).toBeCloseTo(45, 6);
    expect(other).toEqual({ x: 56, y: 100 });
  });
});
