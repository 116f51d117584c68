/**
 * Session-storage keys shared by the smart search (which writes them before opening a browser) and
 * the compatibility browsers (which read them to pick the version; SPEC 2).
 */
export const FILTER_TARGET_KEY = 'filterTarget';
export const LAST_SELECTED_KEY = 'lastSelectedSmartSearch';
