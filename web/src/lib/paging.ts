/** At most `size` consecutive page numbers, centred on the current page where possible. */
export const pageWindow = (current: number, total: number, size = 5): number[] => {
  if (total <= 0) return [];
  const count = Math.min(size, total);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
};

/** The rows of page `page` (1-based) and how many pages there are; an out-of-range page is clamped. */
export const paginate = <T>(rows: readonly T[], page: number, pageSize: number) => {
  const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(1, page), totalPages);
  return { page: current, totalPages, rows: rows.slice((current - 1) * pageSize, current * pageSize) };
};
