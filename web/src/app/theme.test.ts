import { luminance, mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('theme colours', () => {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const light = cssVariablesResolver(full).light as Record<string, string>;

  it('gives dimmed text at least 4.5:1 on white', () => {
    expect(contrast(light['--mantine-color-dimmed'] ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.keys(full.colors))('gives %s badges and buttons text of at least 4.5:1', (name) => {
    const shades = full.colors[name] ?? [];
    expect(contrast('#ffffff', light[`--mantine-color-${name}-filled`] ?? '')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light[`--mantine-color-${name}-light-color`] ?? '', shades[1] ?? '')).toBeGreaterThanOrEqual(4.5);
  });
});
