import { describe, expect, it } from 'vitest';
import { bodyTypes, ethnicities, eyeColors, genderFilters, hairColors, relationshipStatuses } from '@sync/contract/entities';
import { chooseLanguage } from '@web/lib/i18n';
import { valueLabel } from './value-label';

const ALL = [...bodyTypes, ...ethnicities, ...eyeColors, ...genderFilters, ...hairColors, ...relationshipStatuses];

describe('valueLabel', () => {
  it('names every contract value in English as the lists always showed it', () => {
    expect(valueLabel('middle-eastern')).toBe('Middle eastern');
    expect(valueLabel('in-relationship')).toBe('In relationship');
    expect(valueLabel('everyone')).toBe('Everyone');
    expect(valueLabel(null)).toBe('');
    for (const value of ALL) expect(valueLabel(value)).toBe(value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, ' '));
  });

  it('names every contract value in German, and spells out a value the catalogue does not know', async () => {
    await chooseLanguage('de');
    try {
      expect(valueLabel('middle-eastern')).toBe('Nahöstlich');
      expect(valueLabel('women')).toBe('Frauen');
      expect(valueLabel('open-relationship')).toBe('Offene Beziehung');
      for (const value of ALL.filter((v) => v !== 'blond' && v !== 'single')) expect(valueLabel(value), value).not.toBe(value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, ' '));
      expect(valueLabel('not-yet-known')).toBe('Not yet known');
    } finally {
      await chooseLanguage('en');
    }
  });
});
