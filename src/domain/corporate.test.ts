import { describe, expect, it } from 'vitest';
import { CORPORATE_MESSAGES, leaseLabel, mapLink, mouLabel } from './corporate';

describe('mapLink', () => {
  it('links a web address as it is, and coordinates to a map of the point', () => {
    expect(mapLink('https://maps.app.goo.gl/abc123')).toBe('https://maps.app.goo.gl/abc123');
    expect(mapLink('-15.4167, 28.2833')).toBe('https://www.google.com/maps?q=-15.4167,28.2833');
    expect(mapLink(' -12.8,28.2 ')).toBe('https://www.google.com/maps?q=-12.8,28.2');
  });

  it('gives no link for other text, other schemes or impossible points', () => {
    expect(mapLink('Behind the Shoprite, Kalulushi')).toBeNull();
    expect(mapLink('javascript:alert(1)')).toBeNull();
    expect(mapLink('95.1, 28.2')).toBeNull();
    expect(mapLink('')).toBeNull();
    expect(mapLink(null)).toBeNull();
  });
});

describe('labels and messages', () => {
  it('names the lease and MOU states as the cards show them', () => {
    expect([leaseLabel(true), leaseLabel(false), mouLabel(true), mouLabel(false)]).toEqual([
      'Lease Signed',
      'Lease Pending',
      'MOU Signed',
      'MOU Pending',
    ]);
  });

  it('says how many students stop a deletion', () => {
    expect(CORPORATE_MESSAGES.landlordInUse(1)).toBe(
      'This landlord houses 1 student. Move that student to another landlord first.',
    );
    expect(CORPORATE_MESSAGES.institutionInUse(3)).toBe(
      '3 students study at this institution. Move them to another institution first.',
    );
  });
});
