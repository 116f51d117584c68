import type { ReferencePage } from '@dp/contract';
import type { OptionSearch, SelectOption } from '../../../components/editable-table';
import { api } from '../../../lib/api';
import { sharedListKeys } from '../../../lib/shared-lists';

/** References offered at once: the rest are found by typing. */
export const REFERENCES_OFFERED = 50;

/**
 * GET /api/references/page?reference=: the first 50 references by name, or those whose name contains `text`,
 * folded like the search, as options (href and name). At L every reference's name was 740 kB of JSON.
 */
function searchReferences(text: string, signal?: AbortSignal): Promise<SelectOption[]> {
  return api
    .get<ReferencePage>('/api/references/page', {
      query: { reference: text === '' ? null : text, limit: REFERENCES_OFFERED },
      signal,
    })
    .then((page) => page.items.map((reference) => ({ value: reference.href, label: reference.reference })));
}

/**
 * The references a relation table's cell and its 'Add references' dialog offer, under the references' key:
 * a reference added, renamed or deleted on the basic-data screen is offered anew after that write.
 */
export const referenceSearch: OptionSearch = {
  queryKey: [...sharedListKeys.references, 'search'],
  search: searchReferences,
};
