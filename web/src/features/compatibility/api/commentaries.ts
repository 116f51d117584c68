import type { Comment, KindPath } from '@dp/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { compatibilityKeys } from './query-keys';

/** GET {versionHref}/compatibilities/{target}/commentaries: the comments on the version's compatibilities. */
export function fetchCommentaries(versionHref: string, target: KindPath, signal?: AbortSignal): Promise<Comment[]> {
  return api.get<Comment[]>(`${versionHref}/compatibilities/${target}/commentaries`, { signal });
}

export function useCommentaries(versionHref: string | null, target: KindPath) {
  return useQuery({
    queryKey: compatibilityKeys.commentaries(versionHref ?? '', target),
    queryFn: versionHref ? ({ signal }) => fetchCommentaries(versionHref, target, signal) : skipToken,
  });
}

/** POST {versionHref}/compatibilities/{target}/{toId}/commentaries; the compatibility must exist. */
export function addCommentary(versionHref: string, target: KindPath, toId: number, comment: string): Promise<Comment> {
  return api.post<Comment>(`${versionHref}/compatibilities/${target}/${toId}/commentaries`, { comment });
}

/** PUT {comment.href}; only its author may. */
export function changeCommentary(comment: Pick<Comment, 'href' | 'etag'>, text: string): Promise<Comment> {
  return api.put<Comment>(comment.href, { comment: text }, { headers: { 'If-Match': comment.etag } });
}

/** DELETE {comment.href}; only its author may. */
export function deleteCommentary(comment: Pick<Comment, 'href' | 'etag'>): Promise<void> {
  return api.delete(comment.href, { headers: { 'If-Match': comment.etag } });
}
