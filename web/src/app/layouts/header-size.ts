/** The header's inner row's least height, in px: the header and the frame painted before it (dashboard-frame.tsx) share it. */
export const HEADER_ROW_PX = 64;
