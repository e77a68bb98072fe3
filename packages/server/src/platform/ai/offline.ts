import type { AiLimits, AiProvider } from './provider';

/** No model at all: callers quote and count, never invent (the default). */
export function createOfflineProvider(limits: AiLimits): AiProvider {
  return { mode: 'offline', chat: null, embeddings: null, limits };
}
