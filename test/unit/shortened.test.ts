// The agent's name in the panel's status line: cut to a length, at a word's end where it can, never inside a
// letter with its marks or an emoji, and with no bidi control left to reorder the sentence around it.
import { describe, expect, it } from 'vitest';
import { shortened } from '../../src/ui/i18n/format.ts';

describe('shortened', () => {
  it('leaves a name that fits, up to exactly the length', () => {
    expect(shortened('Amina', 24)).toBe('Amina');
    expect(shortened('x'.repeat(24), 24)).toBe('x'.repeat(24));
  });

  it('cuts a long name at a word’s end, within the length with its "…"', () => {
    const name = 'Clinique Dentaire du Centre-Ville, accueil et rendez-vous';
    expect(shortened(name, 24)).toBe('Clinique Dentaire du…');
    expect(Array.from(shortened('مطعم الأندلس للمأكولات البحرية والمشويات', 24)).length).toBeLessThanOrEqual(24);
    expect(shortened('مطعم الأندلس للمأكولات البحرية والمشويات', 24)).toBe('مطعم الأندلس للمأكولات…');
  });

  it('cuts a name with no space where it must', () => {
    expect(shortened('Supercalifragilisticexpialidocious', 10)).toBe('Supercali…');
  });

  it('never splits a letter from its marks, nor an emoji', () => {
    const vowelled = 'مُحَمَّدٌ'.repeat(4); // each letter with its harakat
    const kept = shortened(vowelled, 6).slice(0, -1);
    expect(vowelled.startsWith(kept)).toBe(true);
    expect(/^\p{M}/u.test(vowelled.slice(kept.length))).toBe(false); // no mark left behind the cut
    expect(Array.from(kept).length).toBeGreaterThan(5); // five letters, counted with their marks
    expect(shortened('Team 👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦', 8)).toBe('Team 👩‍👩‍👧‍👦👩‍👩‍👧‍👦…');
  });

  it('drops bidi controls, so none is left open and ours closes the name', () => {
    expect(shortened('\u202EAmina', 24)).toBe('Amina');
    expect(shortened(`Shop \u2067${'و'.repeat(30)}\u2069 centre`, 12)).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });
});
