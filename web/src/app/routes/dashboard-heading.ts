/** The dashboard's heading, shared by the screen and the frame painted while its code loads (the frame stays in the entry). */
export const DASHBOARD_TITLE = 'Dashboard';
export const DASHBOARD_SUBTITLE = 'Track your betting performance and manage your bets.';
