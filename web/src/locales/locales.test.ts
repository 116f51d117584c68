import { MESSAGE_CATALOG, type MessageLanguage } from '@dp/contract';
import { TIMEOUT_MESSAGE } from '../lib/api';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [k, v] of leaves(value, path)) result.set(k, v);
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const files = { en: leaves(en), de: leaves(de), fr: leaves(fr) };

describe('translations', () => {
  it('hold the same keys in en, de and fr', () => {
    const reference = [...files.en.keys()].sort();
    expect([...files.de.keys()].sort()).toEqual(reference);
    expect([...files.fr.keys()].sort()).toEqual(reference);
  });

  it('have no empty texts', () => {
    for (const [language, texts] of Object.entries(files)) {
      for (const [key, text] of texts) expect(text.trim(), `${language}: ${key}`).not.toBe('');
    }
  });

  it('use the same placeholders in every language', () => {
    for (const [key, text] of files.en) {
      expect(placeholders(files.de.get(key) ?? ''), `de: ${key}`).toEqual(placeholders(text));
      expect(placeholders(files.fr.get(key) ?? ''), `fr: ${key}`).toEqual(placeholders(text));
    }
  });

  it('keep the info tooltips of the evaluation German in every language', () => {
    for (const [key, text] of files.de) {
      if (key.startsWith('evaluate.pages.') && key.endsWith('.info')) {
        expect(files.en.get(key)).toBe(text);
        expect(files.fr.get(key)).toBe(text);
      }
    }
  });

  it("hold none of the server's sentences: those live once, in the contract's message catalog", () => {
    for (const [language, texts] of Object.entries(files)) {
      const server = new Set<string>(Object.values(MESSAGE_CATALOG).map((m) => m[language as MessageLanguage]));
      // Labels may coincide ('System', 'Actual database state'); a sentence must not be kept twice.
      const sentence = (text: string) => /[.?!]$/.test(text) && text.split(' ').length > 4;
      const twice = [...texts].filter(([, text]) => sentence(text) && server.has(text));
      expect(twice, language).toEqual([]);
    }
  });

  it('carry the time-out text (SPEC section 8) in English', () => {
    expect(files.en.get('error.timeout')).toBe(TIMEOUT_MESSAGE);
    expect(TIMEOUT_MESSAGE).toBe('Timeout has occurred');
  });
});

describe('the names of the kinds', () => {
  const kinds = { systems: 'kind.system', assemblies: 'kind.assembly', subassemblies: 'kind.subassembly' } as const;

  it("are the server's words in every language, in every list of kinds of the web app", () => {
    for (const language of ['en', 'de', 'fr'] as const) {
      const words = files[language];
      for (const [plural, key] of Object.entries(kinds)) {
        const word = MESSAGE_CATALOG[key][language];
        expect(words.get(`compatibilityScreens.kinds.${plural}`), `${language} ${plural}`).toBe(word);
        expect(words.get(`compatibility.groups.${key.slice('kind.'.length)}`), `${language} ${plural}`).toBe(word);
      }
    }
  });

  it('use no second French word for an assembly or a sub-assembly', () => {
    for (const [key, text] of files.fr) {
      // "Vue d'ensemble" is an overview, not a kind.
      expect(text.replace("Vue d'ensemble", ''), key).not.toMatch(/ensemble|\bComposant\b/i);
    }
  });
});
