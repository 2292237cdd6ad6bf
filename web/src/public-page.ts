import { lightTheme } from './app/theme';
import { addStyle, h } from './features/public-profile/page/dom';
import { showPublicProfile } from './features/public-profile/page/profile-page';

/*
 * The entry of public-profile.html, which the server answers for /u/<handle>: the public page on
 * its own, without the app (its router, store and styled-components), so that a phone loads a few
 * kilobytes of script rather than the app's two hundred (issue 39). Inside the app (a link followed
 * there) the app shows the same page in its own chrome.
 */

/** The app's global style and public footer (app/global-style.ts, app/layouts/footer.tsx), in plain CSS. */
const SHELL_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--pp-background);color:var(--pp-text);font-family:${lightTheme.fonts.body};font-size:16px;line-height:1.5;-webkit-font-smoothing:antialiased;overflow-x:hidden}
h1,h2,h3,h4,p{margin:0}
a{color:var(--pp-link)}
button{font:inherit;color:inherit}
:focus-visible{outline:2px solid var(--pp-focus);outline-offset:2px}
#root{min-height:100vh;display:flex;flex-direction:column}
#main{flex:1;display:flex;flex-direction:column}
.pp-footer{border-top:1px solid var(--pp-border);background:var(--pp-surface)}
.pp-footer>div{max-width:1280px;margin:0 auto;padding:20px 16px;display:flex;flex-direction:column;align-items:center;gap:12px;font-size:0.875rem;color:var(--pp-textMuted)}
.pp-footer ul{display:flex;flex-wrap:wrap;justify-content:center;gap:4px 20px;list-style:none;margin:0;padding:0}
.pp-footer a{color:var(--pp-textMuted);text-decoration:underline;text-underline-offset:3px;display:inline-block;padding:4px 0}
.pp-footer a:hover{color:var(--pp-text)}
@media (min-width:768px){.pp-footer>div{flex-direction:row;justify-content:space-between;padding:20px 24px}}
@media print{body{background:#fff;color:#000}.pp-footer{display:none}}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation-duration:0.01ms!important;transition-duration:0.01ms!important}}
`;

const LINKS = [
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/contact', 'Contact'],
  ['/pricing', 'Pricing'],
] as const;

const footer = () =>
  h(
    'footer',
    { class: 'pp-footer' },
    h(
      'div',
      {},
      h('p', {}, `© ${new Date().getFullYear()} BetTracker. All rights reserved.`),
      h('nav', { 'aria-label': 'Footer' }, h('ul', {}, ...LINKS.map(([href, text]) => h('li', {}, h('a', { href }, text))))),
    ),
  );

const root = document.getElementById('root');
if (!root) throw new Error('public-profile.html has no #root element');
addStyle('pp-shell', SHELL_CSS);
const main = h('main', { id: 'main' });
root.append(main, footer());
const [, , handle = ''] = window.location.pathname.split('/');
let name = handle;
try {
  name = decodeURIComponent(handle);
} catch {
  // A malformed escape: the handle as typed, which the server answers 404.
}
showPublicProfile(main, name);
