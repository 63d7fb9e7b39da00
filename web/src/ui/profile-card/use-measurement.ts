import type { MeasurementSystem } from '@sync/rules/height';
import { useBrand } from '@web/lib/brand-context';
import { useUser } from '@web/lib/user-store';

function asSystem(value: unknown): MeasurementSystem | null {
  return value === 'metric' || value === 'imperial' ? value : null;
}

/** docs/product.md#constants: heights show by the member's measurement system, else the brand's default (config.measurement). */
export function useMeasurement(): MeasurementSystem {
  const { user } = useUser();
  const { config } = useBrand();
  const settings = (user?.profile as { settings?: { measurement?: unknown } } | undefined)?.settings;
  return asSystem(settings?.measurement) ?? asSystem(config?.measurement) ?? 'imperial';
}
