import { darkTheme, lightTheme, type AppTheme } from '../../../app/theme';

const { radii } = lightTheme;

/** The theme's colours as custom properties: light by default, dark under html.dark (index.html's script or the app sets it). */
const colours = (theme: AppTheme) =>
  `${Object.entries(theme.colors)
    .map(([name, value]) => `--pp-${name}:${value};`)
    .join('')}--pp-shadow:${theme.shadows.card};`;

const muted = 'color:var(--pp-textMuted);';

/**
 * The public page's look, as the app's components draw it (components/card.tsx, badge.tsx,
 * page.tsx, loading.tsx, query-error.tsx, button.tsx and the page's own styles): the same rules
 * and the same theme, in plain CSS.
 */
export const PAGE_CSS = `
:root{${colours(lightTheme)}--pp-font:${lightTheme.fonts.body}}
html.dark{${colours(darkTheme)}}
.pp-page{width:100%;max-width:1280px;margin:0 auto;padding:24px 16px;display:flex;flex-direction:column;gap:24px}
@media (min-width:768px){.pp-page{padding:32px 24px}}
.pp-page h1{font-size:1.75rem;font-weight:750;line-height:1.2;letter-spacing:-0.01em}
.pp-subtitle{${muted}margin-top:4px}
.pp-card{background:var(--pp-surface);border:1px solid var(--pp-border);border-radius:${radii.md};box-shadow:var(--pp-shadow);min-width:0}
.pp-card-header{display:flex;align-items:center;justify-content:space-between;flex-wrap:wrap;gap:12px;padding:16px 16px 0}
.pp-card-header h2{font-size:1.125rem;font-weight:650;line-height:1.3}
.pp-card-content{padding:16px}
@media (min-width:640px){.pp-card-header{padding:20px 20px 0}.pp-card-content{padding:20px}}
.pp-figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(120px,1fr));gap:12px;margin:0}
.pp-figures dt{font-size:0.8125rem;${muted}}
.pp-figures dd{font-size:1.25rem;font-weight:700;margin:0}
.pp-note{font-size:0.875rem;${muted}}
.pp-bets{list-style:none;display:flex;flex-direction:column;gap:12px;margin:0;padding:0}
.pp-bets li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;padding-bottom:12px;border-bottom:1px solid var(--pp-border)}
.pp-bets h3{font-size:1rem;font-weight:650;overflow-wrap:anywhere}
.pp-badge{display:inline-flex;align-items:center;padding:2px 10px;border-radius:${radii.full};font-size:0.75rem;font-weight:650;line-height:1.5;white-space:nowrap;flex-shrink:0;background:var(--pp-neutralSurface);color:var(--pp-neutral)}
.pp-badge-win{background:var(--pp-winSurface);color:var(--pp-win)}
.pp-badge-loss{background:var(--pp-lossSurface);color:var(--pp-loss)}
.pp-badge-warning{background:var(--pp-warningSurface);color:var(--pp-warning)}
.pp-empty{${muted}text-align:center;padding:24px 8px}
.pp-loading{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;min-height:240px;flex:1;${muted}}
.pp-spinner{width:28px;height:28px;border-radius:50%;border:3px solid var(--pp-border);border-top-color:var(--pp-primary);animation:pp-spin 0.8s linear infinite}
@keyframes pp-spin{to{transform:rotate(360deg)}}
.pp-error{display:flex;flex-direction:column;align-items:center;gap:8px;padding:24px 8px;text-align:center;${muted}}
.pp-error strong{color:var(--pp-text)}
.pp-button{display:inline-flex;align-items:center;justify-content:center;min-height:36px;padding:0 12px;font-size:0.875rem;font-weight:600;line-height:1.2;border-radius:${radii.sm};border:1px solid var(--pp-inputBorder);background:var(--pp-surface);color:var(--pp-text);cursor:pointer;white-space:nowrap}
.pp-button:hover:not(:disabled){background:var(--pp-surfaceMuted)}
.pp-more{min-height:44px;margin-top:12px;width:100%}
.pp-button:disabled{opacity:0.6;cursor:not-allowed}
.pp-summary{font-weight:650;color:var(--pp-win)}
.pp-summary.pp-failed{color:var(--pp-loss)}
.pp-failures{color:var(--pp-loss);font-size:0.875rem;padding-left:1.25rem;overflow-wrap:anywhere}
.pp-muted{font-size:0.875rem;${muted}overflow-wrap:anywhere}
`;
