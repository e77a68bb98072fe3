import { AI_MODE_NOTICES } from '@tsumiki/api-client';
import { defaultMessages } from '@tsumiki/ui';
import { describe, expect, it } from 'vitest';

// ui may not depend on api-client, so its AiModeNotice keeps its own default words; the research
// PDF takes them from api-client. The app sees both and keeps them one sentence.
describe('AI mode sentences', () => {
  it('are the same on screen (ui) and in the research PDF (api-client)', () => {
    expect(defaultMessages.aiModeNotice).toEqual(AI_MODE_NOTICES);
  });
});
