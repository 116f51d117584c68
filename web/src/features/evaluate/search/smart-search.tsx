import {
  hintLabel,
  isSearchable,
  SEARCH_WORD_MAX,
  type SearchHint,
  type SearchResultPage,
  type SearchResults,
} from '@dp/contract';
import {
  Alert,
  Button,
  CloseButton,
  Combobox,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiFailure } from '../../../lib/api-failure';
import { lazyNamed } from '../../../lib/lazy-named';
import { useFullSearch, useMoreResults } from './api/full-search';
import { useSearchById } from './api/search-by-id';
import { useSearchHints } from './api/search-hints';
import { forgetLastSearch, loadLastSearch, saveLastSearch, type LastSearch } from './last-search';
import { SearchResultLabels } from '../labels/print-labels-button';
import { useOpenResult } from './open-result';
import { resultList } from './search-results';

// The virtualised table loads with the first results: /evaluate opens without it (issue 13, first screen).
const ResultsTable = lazyNamed(() => import('./results-table'), 'ResultsTable');

/** Hints are asked for once typing pauses this long (SPEC 9). */
const HINT_DEBOUNCE_MS = 400;

function NoResults({ term, onClear }: { term: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="gray" data-testid="smart-search-no-results">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          {t('search.noResults')}: <strong>{term}</strong>
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={onClear}>
          {t('search.clearResults')}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * Smart search of the evaluation start page (SPEC 2 and 5): typeahead hints, a full-text search or a
 * chosen hint's versions, and a results table whose rows open the matching compatibility browser.
 */
export function SmartSearch() {
  const { t } = useTranslation();
  const openResult = useOpenResult();
  const inputRef = useRef<HTMLInputElement>(null);
  const [last, setLast] = useState<LastSearch | null>(loadLastSearch);
  const [text, setText] = useState(() => last?.term ?? '');
  const [chosen, setChosen] = useState<SearchHint | null>(null);
  // Hints are for what the user is typing, not for a restored term or one that was just searched.
  const [typing, setTyping] = useState(false);
  const [emptySubmitted, setEmptySubmitted] = useState(false);

  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const word = text.trim();
  const tooLong = word.length > SEARCH_WORD_MAX;
  const [debounced] = useDebouncedValue(word, HINT_DEBOUNCE_MS);
  const hintsWanted = typing && isSearchable(debounced) && debounced.length <= SEARCH_WORD_MAX;
  const hints = useSearchHints(debounced, hintsWanted);
  const fullSearch = useFullSearch();
  const moreResults = useMoreResults();
  const searchById = useSearchById();
  const searching = fullSearch.isPending || searchById.isPending;
  // A failed search says why, except a 404 (a hint whose item was deleted meanwhile: no results).
  const searchError = fullSearch.error ?? searchById.error ?? moreResults.error;
  const failure =
    searchError && !(isApiFailure(searchError) && searchError.status === 404) ? searchError.message : null;

  const hintList = hintsWanted ? (hints.data ?? []) : [];
  const hintsLoading = hintsWanted && hints.isFetching;
  const noHints =
    hintsWanted && hints.isSuccess && !hints.isPlaceholderData && hints.data.length === 0 && debounced === word;
  const results = last?.results ?? [];
  const noResultsTerm = noHints ? debounced : last && results.length === 0 ? last.term : null;

  // Counts the searches shown: each new one gets a table of its own, scrolled to its top.
  const [searchesShown, setSearchesShown] = useState(0);
  const show = (search: LastSearch | null) => {
    setSearchesShown((count) => count + 1);
    setLast(search);
  };
  // The search shown, as it grows, is what the tab keeps.
  useEffect(() => {
    if (last) saveLastSearch(last);
    else forgetLastSearch();
  }, [last]);

  const run = (hint: SearchHint | null) => {
    const term = hint ? hintLabel(hint) : word;
    if (!isSearchable(term)) {
      setEmptySubmitted(true);
      return;
    }
    if (term.length > SEARCH_WORD_MAX) return; // the input already says why
    setTyping(false);
    combobox.closeDropdown();
    // Only the newest search may show its answer.
    fullSearch.reset();
    moreResults.reset();
    searchById.reset();
    if (hint)
      searchById.mutate(hint, {
        onSuccess: (found: SearchResults) => show({ term, results: resultList(found), next: null }),
        onError: (error: Error) => {
          // A hint whose item was deleted meanwhile simply has no results.
          if (isApiFailure(error) && error.status === 404) return show({ term, results: [], next: null });
          show(null);
        },
      });
    else
      fullSearch.mutate(term, {
        onSuccess: (page: SearchResultPage) => show({ term, ...page }),
        onError: () => show(null),
      });
  };

  // The table asks for the next page as its end scrolls near: only for the search shown, not while a new one
  // runs, and not again after a failure until the user dismisses it or searches anew.
  const { mutate: askMore } = moreResults;
  const { term: lastTerm, next } = last ?? { term: null, next: null };
  const hasMore = next !== null && !moreResults.isError && !searching;
  const loadMore = useCallback(() => {
    if (lastTerm === null || next === null) return;
    askMore(
      { word: lastTerm, after: next },
      {
        onSuccess: (page) =>
          setLast((shown) =>
            shown?.term === lastTerm && shown.next === next
              ? { term: lastTerm, results: [...shown.results, ...page.results], next: page.next }
              : shown,
          ),
      },
    );
  }, [lastTerm, next, askMore]);

  const clear = () => {
    setText('');
    setChosen(null);
    setTyping(false);
    setEmptySubmitted(false);
    fullSearch.reset();
    moreResults.reset();
    searchById.reset();
    show(null);
    combobox.closeDropdown();
    inputRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(chosen);
  };

  const choose = (value: string) => {
    const hint = hintList[Number(value)];
    if (!hint) return;
    setText(hintLabel(hint));
    setChosen(hint);
    run(hint);
  };

  const inputError = tooLong
    ? t('search.tooLong', { max: SEARCH_WORD_MAX })
    : emptySubmitted
      ? t('search.empty')
      : undefined;

  return (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
      <form onSubmit={submit} role="search" aria-label={t('search.label')}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Combobox store={combobox} onOptionSubmit={choose}>
            <Combobox.Target>
              <TextInput
                ref={inputRef}
                style={{ flex: 1 }}
                value={text}
                placeholder={t('search.placeholder')}
                aria-label={t('search.label')}
                error={inputError}
                data-testid="smart-search-input"
                leftSection={<IconSearch size={16} aria-hidden />}
                rightSectionWidth={hintsLoading ? 60 : 36}
                rightSectionPointerEvents="all"
                rightSection={
                  <Group gap={4} wrap="nowrap">
                    {hintsLoading && <Loader size="xs" role="status" aria-label={t('search.loadingHints')} />}
                    {text !== '' && <CloseButton size="sm" aria-label={t('search.clear')} onClick={clear} />}
                  </Group>
                }
                onChange={(event) => {
                  setText(event.currentTarget.value);
                  setChosen(null);
                  setTyping(true);
                  setEmptySubmitted(false);
                  combobox.openDropdown();
                  combobox.resetSelectedOption();
                }}
                onFocus={() => typing && combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
              />
            </Combobox.Target>
            <Combobox.Dropdown hidden={hintList.length === 0 && !(hintsWanted && hints.isError)}>
              <Combobox.Options mah={300} style={{ overflowY: 'auto' }} aria-label={t('search.hints')}>
                {hintsWanted && hints.isError && <Combobox.Empty>{t('search.hintsFailed')}</Combobox.Empty>}
                {hintList.map((hint, index) => (
                  <Combobox.Option value={String(index)} key={`${hint.type}-${hint.id}-${hint.id_version ?? 'item'}`}>
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Text size="sm">{hintLabel(hint)}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`search.types.${hint.type}`)}
                      </Text>
                    </Group>
                  </Combobox.Option>
                ))}
              </Combobox.Options>
            </Combobox.Dropdown>
          </Combobox>
          <Button
            type="submit"
            loading={searching}
            leftSection={<IconSearch size={16} aria-hidden />}
            data-testid="smart-search-submit"
          >
            {t('search.submit')}
          </Button>
        </Group>
      </form>

      <Stack gap="xs" aria-busy={searching}>
        {failure && (
          <Alert
            color="red"
            title={t('search.failed')}
            withCloseButton
            closeButtonLabel={t('search.dismiss')}
            onClose={() => {
              fullSearch.reset();
              moreResults.reset();
              searchById.reset();
            }}
          >
            {failure}
          </Alert>
        )}
        {noResultsTerm !== null && <NoResults term={noResultsTerm} onClear={clear} />}
        {last && results.length > 0 && (
          <>
            <Text size="sm" c="dimmed" role="status" data-testid="smart-search-count">
              {t('search.resultCount', { count: results.length })}
              {last.next !== null && ` · ${t('search.moreOnScroll')}`}
            </Text>
            <SearchResultLabels search={last} />
            <Suspense fallback={<Loader size="sm" role="status" aria-label={t('app.loading')} />}>
              <ResultsTable
                key={searchesShown}
                results={results}
                hasMore={hasMore}
                loadingMore={moreResults.isPending}
                loadMore={loadMore}
                onOpen={openResult}
              />
            </Suspense>
          </>
        )}
      </Stack>
    </Stack>
  );
}
