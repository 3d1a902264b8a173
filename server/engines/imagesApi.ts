// `images-api`: the widely implemented images HTTP API. Without reference images,
// POST {baseUrl}/v1/images/generations as JSON; with them, POST {baseUrl}/v1/images/edits as multipart
// with one image[] part each. The answer's data[0] holds b64_json or a url; errors come as
// {error: {message, type, code}}.
import type { WorkerPool } from '../../workers/pool.ts';
import { detailOf, exchange, httpOptions, jsonOf } from './http.ts';
import { decodeBase64, IMAGE_SIZE, referenceImages, writeModelImage } from './modelImage.ts';
import type { ProviderSettings } from './providerConfig.ts';
import { failed, ProviderError, type Provider, type ProviderContext, type ProviderJob, type ProviderResult } from './provider.ts';

export class ImagesApiProvider implements Provider {
  readonly name: string;
  constructor(
    private readonly settings: ProviderSettings,
    private readonly pool: WorkerPool,
  ) {
    this.name = settings.name;
  }

  async run(job: ProviderJob, ctx: ProviderContext): Promise<ProviderResult> {
    const { spec } = job;
    if (spec.kind !== 'image') return failed(`images-api makes generate/image only, not ${job.kind}`);
    const s = this.settings;
    const http = httpOptions(s, ctx.signal, true);
    const auth: Record<string, string> = s.key ? { Authorization: `Bearer ${s.key}` } : {};
    const size = `${IMAGE_SIZE}x${IMAGE_SIZE}`;
    try {
      const refs = await referenceImages(spec);
      let answer;
      if (refs.length === 0) {
        const body = { model: s.model, prompt: spec.prompt, n: 1, size, ...(s.responseFormat ? { response_format: s.responseFormat } : {}) };
        answer = await exchange(`${s.baseUrl}/v1/images/generations`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, http);
      } else {
        const form = new FormData();
        form.append('model', s.model ?? '');
        form.append('prompt', spec.prompt);
        form.append('n', '1');
        form.append('size', size);
        if (s.responseFormat) form.append('response_format', s.responseFormat);
        refs.forEach((r, i) => form.append('image[]', new Blob([r.bytes], { type: r.mime }), `ref-${i}.${r.ext}`));
        answer = await exchange(`${s.baseUrl}/v1/images/edits`, { method: 'POST', headers: auth, body: form }, http);
      }
      ctx.progress(0.7);
      if (answer.status !== 200) throw new ProviderError(`images-api: ${answer.status}${detailOf(answer) ? ` ${detailOf(answer)}` : ''}`);
      const first = (jsonOf(answer) as { data?: { b64_json?: unknown; url?: unknown; revised_prompt?: unknown }[] } | undefined)?.data?.[0];
      let picture: Uint8Array | undefined;
      if (typeof first?.b64_json === 'string') {
        picture = decodeBase64(first.b64_json);
      } else if (typeof first?.url === 'string' && /^https?:\/\//.test(first.url)) {
        const sameOrigin = new URL(first.url).origin === new URL(s.baseUrl).origin;
        const got = await exchange(first.url, { headers: sameOrigin ? auth : {} }, http);
        if (got.status !== 200) throw new ProviderError(`images-api: download of the image failed (${got.status})`);
        picture = got.body;
      }
      if (!picture || picture.length === 0) throw new ProviderError('images-api: malformed answer (no b64_json or url in data[0])');
      const about = { provider: 'images-api', remoteModel: s.model, ...(typeof first?.revised_prompt === 'string' ? { revisedPrompt: first.revised_prompt } : {}) };
      return { ok: true, value: await writeModelImage(this.pool, picture, spec, ctx, about) };
    } catch (err) {
      if (err instanceof ProviderError) return failed(err.message);
      throw err;
    }
  }
}
