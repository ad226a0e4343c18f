export { fieldsMentioned, interpretInstruction, type PromptOutcome } from './instructions.ts';
