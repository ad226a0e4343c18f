import type {
  TCodeGenerationRequest,
  TCodeGenerationResult,
  TCodeRunRequest,
  TCodeRunResult,
  TCodeSaveRequest,
  TCodeSaveResult,
} from '@mapwright/contracts';
import { http, required } from '../../lib/http.ts';

const BASE = '/code-generation-openai';
export const generateCode = async (body: TCodeGenerationRequest) =>
  required(await http.post<TCodeGenerationResult>(BASE, body));
export const runCode = async (body: TCodeRunRequest) =>
  required(await http.post<TCodeRunResult>(`${BASE}/run`, body));
export const saveCode = async (body: TCodeSaveRequest) =>
  required(await http.post<TCodeSaveResult>(`${BASE}/save`, body));
