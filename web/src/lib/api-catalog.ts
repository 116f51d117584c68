import { MESSAGE_CATALOG, type MessageKey, type MessageLanguage } from '@dp/contract';

/**
 * The contract's catalog in one language as i18next resources: the keys as they are (with dots), `{name}`
 * placeholders. A chunk of its own (lib/i18n.ts loads it on start): the server's sentences in three
 * languages would otherwise weigh on the first screen's download (issue 13's budget).
 */
export function catalogResources(language: MessageLanguage): Record<MessageKey, string> {
  return Object.fromEntries(Object.entries(MESSAGE_CATALOG).map(([key, texts]) => [key, texts[language]])) as Record<
    MessageKey,
    string
  >;
}
