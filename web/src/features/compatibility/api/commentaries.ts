import type { Comment, KindPath } from '@dp/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { compatibilityKeys } from './query-keys';

/** GET {versionHref}/compatibilities/{target}/commentaries: the comments on the version's compatibilities. */
function fetchCommentaries(versionHref: string, target: KindPath, signal?: AbortSignal): Promise<Comment[]> {
  return api.get<Comment[]>(`${versionHref}/compatibilities/${target}/commentaries`, { signal });
}

export function useCommentaries(versionHref: string | null, target: KindPath) {
  return useQuery({
    queryKey: compatibilityKeys.commentaries(versionHref ?? '', target),
    queryFn: versionHref ? ({ signal }) => fetchCommentaries(versionHref, target, signal) : skipToken,
  });
}

// Comments are added, changed and deleted with the rest of a row by the relation table's batch
// (save-compatibilities.ts), in one transaction.
