/** Today in the reader's own calendar, YYYY-MM-DD (a bet placed late in the evening keeps its local day). */
export const today = (now: Date = new Date()): string => {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
};
