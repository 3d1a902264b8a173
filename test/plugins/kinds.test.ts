// The client's kinds.ts is generated from the server's endpoint table (npm run gen:client): it must
// be what the generator writes today, and every kind's method must create a job of that kind.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FORMER_NAMES, KINDS, kindOf, SpritekilnClient, type JobKind } from '../../plugins/client/index.ts';
import { JOB_KINDS, KIND_PATHS } from '../../server/routes/creation.ts';
import { CLIENT_KINDS_FILE, clientKindsSource } from '../../tools/clientKinds.ts';

describe('the client kinds', () => {
  it('are what the generator writes from the endpoint table (run `npm run gen:client` after changing an endpoint)', () => {
    expect(readFileSync(CLIENT_KINDS_FILE, 'utf8')).toBe(clientKindsSource());
  });

  it('name every kind the server has, at its path', () => {
    expect(Object.keys(KINDS).sort()).toEqual([...JOB_KINDS].sort());
    for (const kind of JOB_KINDS) expect(KINDS[kind].path).toBe(KIND_PATHS[kind]);
  });

  it('take the former names for the same kinds, and nothing else', () => {
    for (const [former, kind] of Object.entries(FORMER_NAMES)) expect(kindOf(former)).toBe(kind);
    expect(kindOf('zenith')).toBe('zenith');
    expect(kindOf('toString')).toBeUndefined();
    expect(kindOf('make-sprite/v3')).toBeUndefined();
  });

  it('give the client one method per kind, posting to its path', async () => {
    const posted: string[] = [];
    const fetch = (async (url: string) => {
      posted.push(new URL(url).pathname);
      return new Response(JSON.stringify({ job_id: 'j' }), { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const client = new SpritekilnClient({ baseUrl: 'http://x', apiKey: 'k', fetch });
    for (const [kind, { method }] of Object.entries(KINDS)) {
      const create = (client as unknown as Record<string, (f: object) => Promise<string>>)[method]!;
      await expect(create.call(client, {})).resolves.toBe('j');
      expect(posted.at(-1)).toBe(`/public/v1${KINDS[kind as JobKind].path}`);
    }
    await expect(client.create('no-such-kind' as JobKind, {} as never)).rejects.toThrow('no job kind is called "no-such-kind"');
  });
});
