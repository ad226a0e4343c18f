import type { TFlowStep } from '@mapwright/contracts';
import { destinationStep } from './steps/destination.ts';
import { filterStep } from './steps/filter.ts';
import { joinStep } from './steps/join.ts';
import { mapStep } from './steps/map.ts';
import { resolveStep } from './steps/resolve.ts';
import { sourceStep } from './steps/source.ts';
import type { StepKind } from './steps/types.ts';
import { validateStep } from './steps/validate.ts';

/** The step kinds that run end to end (the palette, GET /flows/step-kinds); a kind left out here is refused on save. */
export const STEP_KINDS: Partial<{ [K in TFlowStep['kind']]: StepKind<K> }> = {
  source: sourceStep,
  map: mapStep,
  validate: validateStep,
  filter: filterStep,
  join: joinStep,
  resolve: resolveStep,
  destination: destinationStep,
};

export function kindOf<K extends TFlowStep['kind']>(kind: K): StepKind<K> | undefined {
  return STEP_KINDS[kind] as StepKind<K> | undefined;
}
