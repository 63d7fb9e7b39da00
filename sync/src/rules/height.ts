/** docs/product.md#constants: heights are stored in cm and shown in cm or feet and inches by measurement system. */

export type MeasurementSystem = 'metric' | 'imperial';

const CM_PER_INCH = 2.54;

export interface FeetInches {
  feet: number;
  inches: number;
}

/** Rounded to the nearest whole inch, so 182.88 cm is 6'0", never 5'12". */
export function cmToFeetInches(cm: number): FeetInches {
  const totalInches = Math.round(cm / CM_PER_INCH);
  return { feet: Math.floor(totalInches / 12), inches: totalInches % 12 };
}

/** Rounded to the nearest whole cm. */
export function feetInchesToCm(feet: number, inches = 0): number {
  return Math.round((feet * 12 + inches) * CM_PER_INCH);
}

/** "180 cm" or 5' 11" */
export function formatHeight(cm: number, system: MeasurementSystem): string {
  if (system === 'metric') return `${Math.round(cm)} cm`;
  const { feet, inches } = cmToFeetInches(cm);
  return `${feet}' ${inches}"`;
}
