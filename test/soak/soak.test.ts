// The crash soak's short form for CI: 5 SIGKILLs under a mixed load (the long form is `npm run soak`).
import { expect, it } from 'vitest';
import { runSoak } from './soak.ts';

it('survives 5 SIGKILLs under load: every accepted job Succeed once, every credit accounted for, no orphan files', async () => {
  const seed = process.env.SOAK_SEED ? Number(process.env.SOAK_SEED) : undefined;
  const report = await runSoak({ kills: 5, killEveryMs: [1000, 2500], clients: 3, seed });
  console.log(`soak: seed ${report.seed}, ${report.kills} kills, ${report.accepted} accepted, ${report.unknown} cut by a kill, ${report.refused} refused, ${report.jobsInStore} jobs, ${report.ms} ms`);
  expect(report.problems, `seed ${report.seed} (replay with SOAK_SEED=${report.seed})`).toEqual([]);
  expect(report.accepted).toBeGreaterThan(0);
}, 120_000);
