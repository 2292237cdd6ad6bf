import { COMMON_BOOKS } from '@bt/contracts';

/**
 * The books the forms suggest: the bettor's own, most used first (ties by name), then the common
 * ones they have not used. Case-insensitive: "draftkings" counts as DraftKings's first spelling.
 * Each row counts once, or `count` times (a book's usage as the analytics breakdown gives it).
 */
export const bookSuggestions = (rows: readonly { book?: string | null; count?: number }[]): string[] => {
  const counts = new Map<string, { name: string; count: number }>();
  for (const row of rows) {
    const name = row.book?.trim();
    if (!name) continue;
    const key = name.toLowerCase();
    const seen = counts.get(key);
    counts.set(key, { name: seen?.name ?? name, count: (seen?.count ?? 0) + (row.count ?? 1) });
  }
  const own = [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).map(({ name }) => name);
  return [...own, ...COMMON_BOOKS.filter((book) => !counts.has(book.toLowerCase()))];
};
