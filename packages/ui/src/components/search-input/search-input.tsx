import { Search, X } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { searchInputMessages } from '../../i18n/groups/search-input';
import { useMessageGroups } from '../../i18n/messages-provider';
import { controlClasses } from '../../internal/field';
import { cn } from '../../lib/cn';
import { isSubmitEnter } from '../../lib/ime';
import { normalizeSearchText } from '../../lib/normalize';
import { Spinner } from '../spinner/spinner';

export type SearchInputProps = Omit<
  ComponentProps<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'children'
> & {
  /** Controlled text. */
  value?: string;
  defaultValue?: string;
  /** Every keystroke (raw text), e.g. for a controlled value. */
  onValueChange?: (value: string) => void;
  /**
   * The search to run: `query` is the text as typed (trimmed), `normalized` is NFKC + lower case +
   * katakana folded to hiragana, for matching. Called `debounceMs` after typing stops, at once on
   * Enter and on clear, never in the middle of an IME conversion, and not twice for the same text.
   */
  onSearch?: (query: string, normalized: string) => void;
  debounceMs?: number;
  /** Accessible name (visually hidden); defaults to 検索. */
  label?: ReactNode;
  /** Shows a small spinner while results load. */
  loading?: boolean;
  /** Classes for the input element (`className` styles the wrapper). */
  inputClassName?: string;
};

export function SearchInput({
  value: valueProp,
  defaultValue = '',
  onValueChange,
  onSearch,
  debounceMs = 300,
  label,
  loading = false,
  placeholder,
  className,
  inputClassName,
  id,
  onKeyDown,
  onCompositionStart,
  onCompositionEnd,
  disabled,
  ...props
}: SearchInputProps) {
  const messages = useMessageGroups({ searchInput: searchInputMessages });
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-search`;
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const value = valueProp ?? uncontrolled;
  const composing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSearched = useRef<string>(defaultValue.trim());
  const inputRef = useRef<HTMLInputElement>(null);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => () => clearTimeout(timer.current), []);

  const emit = (text: string) => {
    clearTimeout(timer.current);
    const query = text.trim();
    if (query === lastSearched.current) return;
    lastSearched.current = query;
    onSearchRef.current?.(query, normalizeSearchText(query));
  };

  const schedule = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => emit(text), debounceMs);
  };

  const setValue = (next: string) => {
    if (valueProp === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };

  return (
    <div data-slot="search-input" className={cn('relative w-full', className)}>
      <label htmlFor={inputId} className="sr-only">
        {label ?? messages.searchInput.label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        ref={inputRef}
        data-slot="search-input-input"
        id={inputId}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={placeholder ?? messages.searchInput.placeholder}
        disabled={disabled}
        {...props}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          // During an IME conversion the text is not final: wait for compositionend.
          if (!composing.current) schedule(event.target.value);
        }}
        onCompositionStart={(event) => {
          composing.current = true;
          clearTimeout(timer.current);
          onCompositionStart?.(event);
        }}
        onCompositionEnd={(event) => {
          composing.current = false;
          schedule(event.currentTarget.value);
          onCompositionEnd?.(event);
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (event.defaultPrevented) return;
          if (isSubmitEnter(event)) {
            event.preventDefault();
            emit(event.currentTarget.value);
          } else if (event.key === 'Escape' && value !== '') {
            event.preventDefault();
            setValue('');
            emit('');
          }
        }}
        className={cn(
          controlClasses,
          'h-10 pl-9 [&::-webkit-search-cancel-button]:appearance-none',
          value !== '' || loading ? 'pr-10' : undefined,
          inputClassName,
        )}
      />
      <div className="absolute top-1/2 right-1 flex -translate-y-1/2 items-center">
        {loading && <Spinner size="sm" className="mr-2 text-muted-foreground" />}
        {!loading && value !== '' && !disabled && (
          <button
            type="button"
            data-slot="search-input-clear"
            aria-label={messages.searchInput.clear}
            onClick={() => {
              setValue('');
              emit('');
              inputRef.current?.focus();
            }}
            className="grid size-8 cursor-pointer place-items-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
    </div>
  );
}
