// Building a rig: bones and parts added by name, pixels labelled, joints indexed for the motions.
import type { BodyPlan, Bone, Part, Rig, Vec } from './types.ts';

export class RigBuilder {
  readonly bones: Bone[] = [];
  readonly parts: Part[] = [];
  readonly index: Record<string, number> = {};
  readonly labels: Int8Array;

  constructor(readonly width: number, height: number) {
    this.labels = new Int8Array(width * height).fill(-1);
  }

  bone(name: string, parent: string | null, head: Vec, tail: Vec, maxTurn?: number): number {
    const i = this.bones.length;
    this.bones.push({ name, parent: parent === null ? -1 : (this.index[parent] ?? -1), head, tail, ...(maxTurn === undefined ? {} : { maxTurn }) });
    this.index[name] = i;
    return i;
  }

  part(name: string, bones: string[], depth: number, opts: { of?: string; shade?: number; rigid?: boolean; joinedAt?: string; under?: boolean } = {}): number {
    const i = this.parts.length;
    const part: Part = { name, bones: bones.map((b) => this.index[b]).filter((b): b is number => b !== undefined), depth };
    if (opts.of !== undefined) {
      const of = this.parts.findIndex((p) => p.name === opts.of);
      if (of >= 0) { part.copyOf = of; part.shade = opts.shade ?? 0; }
    }
    if (opts.rigid) part.rigid = true;
    if (opts.under) part.under = true;
    if (opts.joinedAt !== undefined && this.index[opts.joinedAt] !== undefined) part.joinedAt = this.index[opts.joinedAt];
    this.parts.push(part);
    return i;
  }

  label(p: number, part: number): void {
    this.labels[p] = part;
  }

  build(plan: BodyPlan, view: Rig['view'], facing: 1 | -1, height: number, ground: Vec): Rig {
    return { plan, view, facing, height, ground, bones: this.bones, parts: this.parts, labels: this.labels, width: this.width, index: this.index };
  }
}

export const vec = (x: number, y: number): Vec => ({ x, y });
export const mid = (a: Vec, b: Vec, t = 0.5): Vec => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
