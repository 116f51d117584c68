import { describe, expect, it } from 'vitest';
import { isMonitoringHost, isWorkHost } from './hosts';

describe('hosts', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['portfolio-demo.example.com', true],
    ['work.portfolio.example.com', true],
    ['portfolio.example.com', false],
  ])('monitoring on %s: %s', (host, expected) => {
    expect(isMonitoringHost(host)).toBe(expected);
  });

  it('offers the work tools on the work deployment and on work or local hosts', () => {
    expect(isWorkHost('portfolio.example.com', 'work')).toBe(true);
    expect(isWorkHost('localhost', 'live')).toBe(true);
    expect(isWorkHost('portfolio-work.example.com', 'live')).toBe(true);
    expect(isWorkHost('portfolio.example.com', 'live')).toBe(false);
    expect(isWorkHost('portfolio-demo.example.com', 'demo')).toBe(false);
  });
});
