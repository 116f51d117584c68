/** The sentences of the delta report in en, de and fr; merged into MESSAGE_CATALOG (../messages.ts). */
export const DELTA_REPORT_MESSAGES = {
} as const satisfies Record<string, { en: string; de: string; fr: string }>;
