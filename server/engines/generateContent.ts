// `generate-content`: the multimodal POST {baseUrl}/v1beta/models/{model}:generateContent API. The
// prompt is a text part, each reference image an inline_data part; the picture is the first inline
// image part of candidates[0].content.parts (snake_case or camelCase, as the API writes either).
// Errors come as {error: {code, message, status}}. The key goes in the x-goog-api-key header, never
// in the URL, so it cannot end up in a log line that quotes one.
import type { WorkerPool } from '../../workers/pool.ts';
import { detailOf, exchange, httpOptions, jsonOf } from './http.ts';
import { decodeBase64, referenceImages, writeModelImage } from './modelImage.ts';
import type { ProviderSettings } from './providerConfig.ts';
import { failed, ProviderError, type Provider, type ProviderContext, type ProviderJob, type ProviderResult } from './provider.ts';

interface Part {
  text?: unknown;
  inline_data?: { mime_type?: unknown; mimeType?: unknown; data?: unknown };
  inlineData?: { mime_type?: unknown; mimeType?: unknown; data?: unknown };
}

export class GenerateContentProvider implements Provider {
  readonly name: string;
  constructor(
    private readonly settings: ProviderSettings,
    private readonly pool: WorkerPool,
  ) {
    this.name = settings.name;
  }

  async run(job: ProviderJob, ctx: ProviderContext): Promise<ProviderResult> {
    const { spec } = job;
    if (spec.kind !== 'image') return failed(`generate-content makes generate/image only, not ${job.kind}`);
    const s = this.settings;
    const http = httpOptions(s, ctx.signal, true);
    try {
      const refs = await referenceImages(spec);
      const body = {
        contents: [{ role: 'user', parts: [{ text: spec.prompt }, ...refs.map((r) => ({ inline_data: { mime_type: r.mime, data: r.bytes.toString('base64') } }))] }],
        generationConfig: { responseModalities: ['TEXT', 'IMAGE'] },
      };
      const url = `${s.baseUrl}/v1beta/models/${encodeURIComponent(s.model ?? '')}:generateContent`;
      const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(s.key ? { 'x-goog-api-key': s.key } : {}) };
      const answer = await exchange(url, { method: 'POST', headers, body: JSON.stringify(body) }, http);
      ctx.progress(0.7);
      if (answer.status !== 200) throw new ProviderError(`generate-content: ${answer.status}${detailOf(answer) ? ` ${detailOf(answer)}` : ''}`);
      const json = jsonOf(answer) as { candidates?: { content?: { parts?: Part[] }; finishReason?: unknown }[]; promptFeedback?: { blockReason?: unknown } } | undefined;
      if (!json || typeof json !== 'object') throw new ProviderError('generate-content: malformed answer (not JSON)');
      const candidate = json.candidates?.[0];
      const parts = Array.isArray(candidate?.content?.parts) ? candidate.content.parts : [];
      for (const part of parts) {
        const inline = part.inline_data ?? part.inlineData;
        const mime = inline?.mime_type ?? inline?.mimeType;
        if (typeof inline?.data !== 'string' || (typeof mime === 'string' && !mime.startsWith('image/'))) continue;
        const picture = decodeBase64(inline.data);
        if (!picture) throw new ProviderError('generate-content: malformed answer (inline data is not base64)');
        return { ok: true, value: await writeModelImage(this.pool, picture, spec, ctx, { provider: 'generate-content', remoteModel: s.model }) };
      }
      const why = [
        typeof json.promptFeedback?.blockReason === 'string' ? `blocked: ${json.promptFeedback.blockReason}` : undefined,
        typeof candidate?.finishReason === 'string' ? `finishReason ${candidate.finishReason}` : undefined,
        ...parts.filter((p) => typeof p.text === 'string').map((p) => `said: ${String(p.text).slice(0, 120)}`),
      ].filter(Boolean);
      throw new ProviderError(`generate-content: the answer holds no image${why.length ? ` (${why.join('; ')})` : ''}`);
    } catch (err) {
      if (err instanceof ProviderError) return failed(err.message);
      throw err;
    }
  }
}
