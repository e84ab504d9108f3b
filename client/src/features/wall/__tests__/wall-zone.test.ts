import { describe, expect, it } from 'vitest';
import { zoneAbbreviation } from '../components/wall-clock';

describe('the wall clock zone', () => {
  it('names Indonesian zones by their abbreviation', () => {
    expect(zoneAbbreviation(420)).toBe('WIB');
    expect(zoneAbbreviation(480)).toBe('WITA');
    expect(zoneAbbreviation(540)).toBe('WIT');
    expect(zoneAbbreviation(330)).toBe('UTC+05:30');
  });
});
