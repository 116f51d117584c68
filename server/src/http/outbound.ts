/** A short, safe description of why a request to another host failed (never a header or a token). */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code) return cause.code;
    return (cause?.message ?? error.message).slice(0, 200);
  }
  return 'unknown error';
}
