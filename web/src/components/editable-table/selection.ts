/** How a click changes the selection: plain (only this row), shift (range from the anchor), toggle (ctrl/cmd). */
export type SelectMode = 'single' | 'range' | 'toggle';

export interface Selection {
  ids: ReadonlySet<string>;
  /** The row the next shift-click measures its range from. */
  anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

/** The selection after clicking `id`; `order` is the ids as currently shown (sorted and filtered). */
export function nextSelection(selection: Selection, id: string, mode: SelectMode, order: readonly string[]): Selection {
  if (mode === 'toggle') {
    const ids = new Set(selection.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id };
  }
  if (mode === 'range' && selection.anchor !== null) {
    const from = order.indexOf(selection.anchor);
    const to = order.indexOf(id);
    if (from >= 0 && to >= 0) {
      const [start, end] = from <= to ? [from, to] : [to, from];
      return { ids: new Set([...selection.ids, ...order.slice(start, end + 1)]), anchor: selection.anchor };
    }
  }
  if (mode === 'single' && selection.ids.size === 1 && selection.ids.has(id)) return { ids: new Set(), anchor: null };
  return { ids: new Set([id]), anchor: id };
}

/** The mode a mouse or keyboard event asks for. */
export function selectModeOf(event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): SelectMode {
  if (event.shiftKey) return 'range';
  if (event.ctrlKey || event.metaKey) return 'toggle';
  return 'single';
}
