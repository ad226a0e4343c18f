import type { TFlowStep } from '@mapwright/contracts';
import { destinationStep } from './steps/destination.ts';
import { filterStep } from './steps/filter.ts';
import { joinStep } from './steps/join.ts';
import { mapStep } from './steps/map.ts';
import { sourceStep } from './steps/source.ts';
import type { StepKind } from './steps/types.ts';
import { validateStep } from './steps/validate.ts';

/**
 * The step kinds that run end to end (the palette, GET /flows/step-kinds). `resolve` is in the
 * contract but not here yet: a flow using it is refused on save, never half-run.
 */
export const STEP_KINDS: Partial<{ [K in TFlowStep['kind']]: StepKind<K> }> = {
  source: sourceStep,
  map: mapStep,
  validate: validateStep,
  filter: filterStep,
  join: joinStep,
  destination: destinationStep,
};

export function kindOf<K extends TFlowStep['kind']>(kind: K): StepKind<K> | undefined {
  return STEP_KINDS[kind] as StepKind<K> | undefined;
}
