import { expect } from 'chai';
import { formatDate, formatDayRange, formatMoney, formatMonth, formatPercent, formatProfit, formatSignedPercent } from './format';

describe('display formats', () => {
  it('shows money in US dollars with exactly 2 decimals', () => {
    expect(formatMoney(0)).to.equal('$0.00');
    expect(formatMoney(1234.5)).to.equal('$1,234.50');
    expect(formatMoney(-20)).to.equal('-$20.00');
    expect(formatMoney(undefined)).to.equal('$0.00');
  });

  it('never shows negative zero', () => {
    expect(formatMoney(-0.001)).to.equal('$0.00');
    expect(formatProfit(-0)).to.equal('$0.00');
  });

  it('puts a plus sign on profit above 0 only', () => {
    expect(formatProfit(45.45)).to.equal('+$45.45');
    expect(formatProfit(0)).to.equal('$0.00');
    expect(formatProfit(-50)).to.equal('-$50.00');
  });

  it('shows percents with one decimal', () => {
    expect(formatPercent(55.333)).to.equal('55.3%');
    expect(formatPercent(0)).to.equal('0.0%');
    expect(formatSignedPercent(2.46)).to.equal('+2.5%');
    expect(formatSignedPercent(-1)).to.equal('-1.0%');
    expect(formatSignedPercent(0.01)).to.equal('0.0%');
  });

  it('writes dates as short month, numeric day and year, keeping calendar dates on their day', () => {
    expect(formatDate('2025-01-05')).to.equal('Jan 5, 2025');
    expect(formatDate('2024-12-31')).to.equal('Dec 31, 2024');
    expect(formatDayRange('2026-11-01', '2026-11-30')).to.equal('Nov 1, 2026 – Nov 30, 2026');
    expect(formatDayRange('2026-11-01', '2026-11-01')).to.equal('Nov 1, 2026');
    expect(formatMonth('2025-03')).to.equal('Mar 2025');
  });
});
