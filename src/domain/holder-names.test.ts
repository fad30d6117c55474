import { describe, expect, it } from 'vitest';
import { holderNamesAgree, nameWords } from './holder-names';

describe('a wallet holder’s name against the student’s', () => {
  it('agrees whatever the case, accents, spacing and punctuation', () => {
    expect(holderNamesAgree('Mwila Chanda', 'MWILA CHANDA')).toBe(true);
    expect(holderNamesAgree('Chiséngà Bwalya', 'Chisenga  Bwalya')).toBe(true);
    expect(holderNamesAgree('Mary-Jane Phiri', 'Mary Jane Phiri')).toBe(true);
    expect(holderNamesAgree("Natasha O'Brien", 'Natasha OBrien')).toBe(true);
    expect(holderNamesAgree('Nakamba Mwanza', 'NakambaMwanza')).toBe(true);
    expect(nameWords(' Chiséngà  Bwalya-Mulenga ')).toEqual(['chisenga', 'bwalya', 'mulenga']);
  });

  it('agrees with the family name first, and with a middle name left out or given as an initial', () => {
    expect(holderNamesAgree('Mwila Chanda', 'Chanda Mwila')).toBe(true);
    expect(holderNamesAgree('Mwila Chanda', 'Mwila Bupe Chanda')).toBe(true);
    expect(holderNamesAgree('Mwila Bupe Chanda', 'Chanda Mwila')).toBe(true);
    expect(holderNamesAgree('Mwila B. Chanda', 'Mwila Bupe Chanda')).toBe(true);
    expect(holderNamesAgree('Mwila Bupe Chanda', 'CHANDA MWILA B')).toBe(true);
  });

  it('differs for another family or given name, one name in common only, or an initial that does not fit', () => {
    expect(holderNamesAgree('Mwila Chanda', 'Mwila Tembo')).toBe(false);
    expect(holderNamesAgree('Mwila Chanda', 'Bupe Chanda')).toBe(false);
    expect(holderNamesAgree('Mwila Chanda', 'Chanda')).toBe(false);
    expect(holderNamesAgree('Mwila K. Chanda', 'Mwila Bupe Chanda')).toBe(false);
    expect(holderNamesAgree('Mwila Chanda', 'Mwiila Chanda')).toBe(false);
    expect(holderNamesAgree('Mwila Chanda', '')).toBe(false);
    expect(holderNamesAgree('Mwila Chanda', 'M. C.')).toBe(false);
  });

  it('agrees for a single name only when both are that name', () => {
    expect(holderNamesAgree('Mutale', 'MUTALE')).toBe(true);
    expect(holderNamesAgree('Mutale', 'Mutale Banda')).toBe(false);
  });
});
