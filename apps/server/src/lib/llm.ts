import OpenAI from 'openai';
import type { Config } from '../config.ts';

export interface Llm {
  /** one completion for a system + user message; the text of the answer (json: JSON mode) */
  complete(
    system: string,
    user: string,
    opts?: { json?: boolean; onUsage?: (u: { tokens: number }) => void },
  ): Promise<string>;
}

/** The configured OpenAI-compatible model, or null: everything works without one. */
export function createLlm(config: Config): Llm | null {
  if (!config.OPENAI_API_KEY && !config.OPENAI_BASE_URL) return null;
  const client = new OpenAI({
    apiKey: config.OPENAI_API_KEY ?? 'not-needed',
    baseURL: config.OPENAI_BASE_URL,
    timeout: 30_000,
    maxRetries: 2,
  });
  return {
    async complete(system, user, opts) {
      const res = await client.chat.completions.create({
        model: config.OPENAI_MODEL,
        temperature: 0,
        ...(opts?.json ? { response_format: { type: 'json_object' as const } } : {}),
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      });
      opts?.onUsage?.({ tokens: res.usage?.total_tokens ?? 0 });
      return res.choices[0]?.message?.content ?? '';
    },
  };
}
