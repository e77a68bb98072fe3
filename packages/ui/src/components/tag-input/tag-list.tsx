import { X } from 'lucide-react';
import type { Messages } from '../../i18n/messages';

type TagListProps = {
  tags: readonly string[];
  disabled: boolean | undefined;
  onRemove: (tag: string) => void;
  text: Messages['tagInput'];
};

/** The tags as chips, each with its × button. */
export function TagList({ tags, disabled, onRemove, text }: TagListProps) {
  return (
    <ul aria-label={text.listLabel} className="contents">
      {tags.map((tag) => (
        <li
          key={tag}
          data-slot="tag-input-tag"
          className="inline-flex h-7 max-w-full min-w-0 items-center gap-0.5 rounded-full border border-border bg-muted pr-0.5 pl-2.5 text-xs font-medium"
        >
          <span className="truncate">{tag}</span>
          <button
            type="button"
            data-slot="tag-input-remove"
            aria-label={text.remove(tag)}
            disabled={disabled}
            onClick={() => onRemove(tag)}
            className="grid size-6 shrink-0 cursor-pointer place-items-center rounded-full text-muted-foreground outline-none hover:bg-secondary hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
