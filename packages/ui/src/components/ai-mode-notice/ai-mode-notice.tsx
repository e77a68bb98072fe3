import { Bot, Database } from 'lucide-react';
import type { ComponentProps } from 'react';
import { aiModeNoticeMessages } from '../../i18n/groups/ai-mode-notice';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';

export type AiModeNoticeProps = Omit<ComponentProps<'p'>, 'children'> & {
  /** How the answer was made: by a language model, or from the tenant's data only. */
  mode: 'openai' | 'offline';
};

/** One line under an AI answer saying how it was made, so an offline answer is never taken for AI. */
export function AiModeNotice({ mode, className, ...props }: AiModeNoticeProps) {
  const messages = useMessageGroups({ aiModeNotice: aiModeNoticeMessages });
  const Icon = mode === 'offline' ? Database : Bot;
  return (
    <p
      data-slot="ai-mode-notice"
      data-mode={mode}
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2 text-xs',
        mode === 'offline'
          ? 'border-info/30 bg-info-subtle text-info-subtle-foreground'
          : 'border-warning/30 bg-warning-subtle text-warning-subtle-foreground',
        className,
      )}
      {...props}
    >
      <Icon aria-hidden="true" className="mt-px size-4 shrink-0" />
      <span>{messages.aiModeNotice[mode]}</span>
    </p>
  );
}
