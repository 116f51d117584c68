/** Query keys of the data-state page. */
export const datasetKeys = {
  entries: ['dataset'] as const,
};
