import { describe, expect, it } from 'vitest';
import { browserLink } from './browser-paths';
import { formatDateTime, nameLimit, shortLabel, truncate } from './display';

describe('display rules', () => {
  it('cut names to 13 characters from 990 to 1400 px and to 30 otherwise', () => {
    expect([989, 990, 1400, 1401].map(nameLimit)).toEqual([30, 13, 13, 30]);
    expect(truncate('Brake Pressure Regulator', 13)).toBe('Brake Pressur…');
    expect(truncate('Brake', 13)).toBe('Brake');
  });

  it('keep the version numbers whole and skip empty parts', () => {
    expect(shortLabel({ parent_name: 'Brake Pressure Regulator', name: null, name2: 'MAT-1' }, 13)).toBe(
      'Brake Pressur… MAT-1',
    );
  });

  it('format dates as dd.MM.yyyy HH:mm:ss', () => {
    expect(formatDateTime(new Date(2025, 2, 4, 5, 6, 7).toISOString())).toBe('04.03.2025 05:06:07');
  });

  it('link a row to the browser of its kind with its label as data', () => {
    expect(browserLink('subassemblies', 'Lüfter L 1')).toBe(
      '/evaluate/subassembly-compatibility-browser?data=L%C3%BCfter+L+1',
    );
  });
});
