// One AbortSignal that aborts when any of the given ones does (AbortSignal.any, where the browser
// lacks it): a request's own signal and the scene's shutdown both stop an upload or a wait.
export function anySignal(signals: (AbortSignal | undefined)[]): AbortSignal {
  const given = signals.filter((s): s is AbortSignal => s !== undefined);
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(given);
  const controller = new AbortController();
  for (const s of given) {
    if (s.aborted) return AbortSignal.abort(s.reason);
    s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}
