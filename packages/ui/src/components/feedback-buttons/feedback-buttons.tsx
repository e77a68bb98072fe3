import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { feedbackButtonsMessages } from '../../i18n/groups/feedback-buttons';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { Textarea } from '../textarea/textarea';

export type FeedbackValue = { isHelpful: boolean; comment: string | null };

export type FeedbackButtonsProps = Omit<ComponentProps<'div'>, 'onSubmit' | 'children'> & {
  /** The stored feedback, or null when none was given yet. */
  value: FeedbackValue | null;
  /** Stores the feedback (again: it replaces the previous one). Rejecting keeps the form as it is. */
  onSubmit: (value: FeedbackValue) => Promise<unknown> | undefined;
  /** An error to show (e.g. the server's message). */
  error?: string | null;
  disabled?: boolean;
  /** Longest comment. */
  maxCommentLength?: number;
};

/** 役に立った / 役に立たなかった, then an optional comment; the saved state stays visible. */
export function FeedbackButtons({
  value,
  onSubmit,
  error,
  disabled = false,
  maxCommentLength = 1000,
  className,
  ...props
}: FeedbackButtonsProps) {
  const messages = useMessageGroups({ feedbackButtons: feedbackButtonsMessages });
  const text = messages.feedbackButtons;
  const [selected, setSelected] = useState<boolean | null>(value?.isHelpful ?? null);
  const [comment, setComment] = useState(value?.comment ?? '');
  const [busy, setBusy] = useState<'rating' | 'comment' | null>(null);

  const submit = async (isHelpful: boolean, kind: 'rating' | 'comment') => {
    setSelected(isHelpful);
    setBusy(kind);
    try {
      await onSubmit({ isHelpful, comment: comment.trim() === '' ? null : comment.trim() });
    } catch {
      // The caller shows the error through `error`.
    } finally {
      setBusy(null);
    }
  };

  const dirtyComment = (value?.comment ?? '') !== comment.trim();

  return (
    <div data-slot="feedback-buttons" className={cn('grid gap-2', className)} {...props}>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="float-left mr-1 text-xs text-muted-foreground">{text.label}</legend>
        <Button
          variant={selected === true ? 'secondary' : 'outline'}
          size="sm"
          aria-pressed={selected === true}
          disabled={disabled}
          loading={busy === 'rating' && selected === true}
          onClick={() => void submit(true, 'rating')}
        >
          <ThumbsUp aria-hidden="true" />
          {text.helpful}
        </Button>
        <Button
          variant={selected === false ? 'secondary' : 'outline'}
          size="sm"
          aria-pressed={selected === false}
          disabled={disabled}
          loading={busy === 'rating' && selected === false}
          onClick={() => void submit(false, 'rating')}
        >
          <ThumbsDown aria-hidden="true" />
          {text.notHelpful}
        </Button>
      </fieldset>
      {selected !== null ? (
        <form
          className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(selected, 'comment');
          }}
        >
          <Textarea
            label={text.comment}
            placeholder={text.commentPlaceholder}
            rows={2}
            maxLength={maxCommentLength}
            value={comment}
            disabled={disabled}
            onChange={(event) => setComment(event.target.value)}
          />
          <Button
            type="submit"
            variant="outline"
            size="sm"
            disabled={disabled || !dirtyComment}
            loading={busy === 'comment'}
          >
            {text.save}
          </Button>
        </form>
      ) : null}
      <p role="status" className="min-h-4 text-xs text-success-subtle-foreground">
        {value && busy === null ? text.saved(value.isHelpful) : ''}
      </p>
      {error ? (
        <p role="alert" className="text-xs text-error-subtle-foreground">
          {error}
        </p>
      ) : null}
    </div>
  );
}
