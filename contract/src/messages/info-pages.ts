/** The sentences of the info pages in en, de and fr; merged into MESSAGE_CATALOG (../messages.ts). */
export const INFO_PAGE_MESSAGES = {
} as const satisfies Record<string, { en: string; de: string; fr: string }>;
