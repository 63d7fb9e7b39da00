import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cmToFeetInches, feetInchesToCm, formatHeight } from './height.js';

describe('height', () => {
  it('converts cm to feet and inches', () => {
    expect(cmToFeetInches(180)).toEqual({ feet: 5, inches: 11 });
    expect(cmToFeetInches(182.88)).toEqual({ feet: 6, inches: 0 });
    expect(cmToFeetInches(152)).toEqual({ feet: 5, inches: 0 });
    expect(cmToFeetInches(0)).toEqual({ feet: 0, inches: 0 });
  });
  it('never shows 12 inches', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 300, noNaN: true }), (cm) => cmToFeetInches(cm).inches < 12));
  });
  it('round-trips whole inches', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 8 }), fc.integer({ min: 0, max: 11 }), (feet, inches) => {
        const back = cmToFeetInches(feetInchesToCm(feet, inches));
        return back.feet === feet && back.inches === inches;
      }),
    );
  });
  it('formats by measurement system', () => {
    expect(formatHeight(180, 'metric')).toBe('180 cm');
    expect(formatHeight(180, 'imperial')).toBe(`5' 11"`);
    expect(feetInchesToCm(6, 0)).toBe(183);
  });
});
