/**
 * DataTable sx: a table wider than the page scrolls sideways inside its card instead of
 * widening the page (react-admin's layout grows to fit its content). Inline-size containment
 * keeps the table's width from counting as the page's minimum width. Only the table's own
 * wrapper scrolls, so react-admin's bulk toolbar (which slides up above the table) is not clipped.
 */
export const SCROLLABLE_TABLE_SX = {
  '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' },
  // sortable column headers are buttons: 24 px tall at least (WCAG 2.5.8 target size), side by side too
  '& .MuiTableSortLabel-root': { minHeight: 24 },
} as const;
