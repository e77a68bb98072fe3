import type { AiConfig } from './config';
import { createOfflineProvider } from './offline';
import { createOpenAiCompatibleProvider } from './openai-compatible';
import type { AiProvider } from './provider';

/** The provider the settings ask for (see config.ts). */
export function createAiProvider(config: AiConfig): AiProvider {
  return config.provider === 'openai-compatible'
    ? createOpenAiCompatibleProvider(config)
    : createOfflineProvider(config.limits);
}
