import Markdown from 'markdown-to-jsx';
import type { ComponentProps, ReactNode } from 'react';
import { chatMessageMessages } from '../../i18n/groups/chat-message';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';

export type ChatMessageProps = Omit<ComponentProps<'article'>, 'children'> & {
  question: string;
  /** The answer as Markdown. Raw HTML in it is shown as text, never as markup. */
  answer: string;
  /** E.g. the time it was asked. */
  meta?: ReactNode;
  /** A label on the answer, e.g. 「AI を使わない検索結果」 for an answer made without a model. */
  badge?: ReactNode;
  /** The answer says nothing relevant was found: shown as a notice. */
  notFound?: boolean;
  /** Sources, feedback … under the answer. */
  children?: ReactNode;
};

/** Links in an answer open in a new tab, without access to this page. */
function AnswerLink({ children, href, title }: { children?: ReactNode; href?: string; title?: string }) {
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer" className="text-primary underline">
      {children}
    </a>
  );
}

const markdownOptions = {
  disableParsingRawHTML: true,
  forceBlock: true,
  overrides: { a: { component: AnswerLink } },
} as const;

/** A question and its answer (Markdown rendered safely as React elements), with what follows it. */
export function ChatMessage({
  question,
  answer,
  meta,
  badge,
  notFound = false,
  children,
  className,
  ...props
}: ChatMessageProps) {
  const messages = useMessageGroups({ chatMessage: chatMessageMessages });
  const text = messages.chatMessage;
  return (
    <article
      data-slot="chat-message"
      data-not-found={notFound || undefined}
      className={cn('grid gap-3', className)}
      {...props}
    >
      <div className="grid justify-items-end gap-1">
        <p className="sr-only">{text.question}</p>
        <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-sm text-primary-foreground">
          {question}
        </p>
        {meta ? <p className="text-xs text-muted-foreground">{meta}</p> : null}
      </div>
      <div
        data-slot="chat-message-answer"
        className={cn(
          'grid gap-3 rounded-2xl rounded-bl-sm border bg-surface px-4 py-3',
          notFound && 'border-warning bg-warning-subtle',
        )}
      >
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-xs font-semibold text-muted-foreground">{text.answer}</p>
          {badge}
        </div>
        <div
          className={cn(
            'grid gap-2 text-sm leading-[1.7] break-words',
            '[&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
            '[&_h1]:text-base [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_strong]:font-semibold [&_hr]:border-border',
            '[&_code]:rounded-sm [&_code]:bg-muted [&_code]:px-1',
          )}
        >
          <Markdown options={markdownOptions}>{answer}</Markdown>
        </div>
        {children}
      </div>
    </article>
  );
}
