type MatrixStateOptions = {
  available: readonly string[];
  value: readonly string[];
  defaults: readonly string[] | undefined;
  onChange: ((next: string[]) => void) | undefined;
  disabledReason: string | undefined;
};

/** The lookups the cells need, and the toggle that turns a checkbox click into the new list. */
export function matrixState({ available, value, defaults, onChange, disabledReason }: MatrixStateOptions) {
  const availableSet = new Set(available);
  const granted = new Set(value);
  const defaultSet = defaults ? new Set(defaults) : undefined;
  const editable = onChange !== undefined;
  const locked = editable && Boolean(disabledReason);
  const hasDifference =
    defaultSet !== undefined && available.some((key) => granted.has(key) !== defaultSet.has(key));

  const toggle = (key: string, checked: boolean) => {
    if (!onChange || locked) return;
    const next = new Set(granted);
    if (checked) next.add(key);
    else next.delete(key);
    // Keep the order of `available`, then anything else the caller had.
    const ordered = available.filter((k) => next.has(k));
    const rest = value.filter((k) => !availableSet.has(k) && next.has(k));
    onChange([...ordered, ...rest]);
  };

  return { availableSet, granted, defaultSet, editable, locked, hasDifference, toggle };
}
