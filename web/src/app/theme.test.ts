import { expect } from 'chai';
import { SPORT_COLORS } from '../lib/sport-colors';
import { themes } from './theme';

/** WCAG relative luminance of a #rrggbb colour. */
const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

const contrast = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

describe('sport colours', () => {
  for (const theme of Object.values(themes)) {
    it(`stand out at 3:1 or more on the ${theme.mode} theme's cards and page`, () => {
      for (const [sport, color] of Object.entries(SPORT_COLORS)) {
        for (const ground of [theme.colors.surface, theme.colors.background]) {
          expect(contrast(color, ground), `${sport} on ${ground}`).to.be.at.least(3);
        }
      }
    });
  }

  it('are all different, and none is the win green or the loss red of a theme', () => {
    const colors = Object.values(SPORT_COLORS);
    expect(new Set(colors).size).to.equal(colors.length);
    for (const theme of Object.values(themes)) {
      const { win, loss, chartWin, chartLoss } = theme.colors;
      for (const c of [win, loss, chartWin, chartLoss]) expect(colors).to.not.include(c);
    }
  });
});
