import {
  Children,
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefCallback,
} from 'react';

/**
 * `asChild` for the components the first screens load (Button, Link, Card, Chip): renders its one
 * child element with the component's props merged in, as Radix's Slot does — the child's props
 * win, except event handlers (both run, the child's first), `className` (joined) and `style`
 * (merged); both refs are set. Ours because Radix's Slot and its ref helper were 1.5 KB of the
 * first paint's budget; Radix primitives inside lazy parts keep using their own.
 */

type Props = Record<string, unknown>;

/** Marks, among a Slot's children, the element to render; the other children go inside it. */
export function Slottable({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

export function Slot({ children, ...slotProps }: Props & { children?: ReactNode }) {
  const nodes = Children.toArray(children);
  const slottable = nodes.find(
    (node): node is ReactElement<{ children?: ReactNode }> => isValidElement(node) && node.type === Slottable,
  );
  if (!slottable) {
    const only = Children.only(children);
    return isValidElement(only) ? merge(only, slotProps) : null;
  }
  const target = slottable.props.children;
  if (!isValidElement<Props>(target)) return null;
  const inner = nodes.map((node) => (node === slottable ? (target.props.children as ReactNode) : node));
  return merge(target, slotProps, inner);
}

function merge(child: ReactElement, slotProps: Props, children?: ReactNode[]) {
  const childProps = child.props as Props;
  const merged: Props = { ...slotProps, ...childProps };
  for (const [key, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof slotValue === 'function') {
      // A child's `onClick={undefined}` does not drop the slot's handler.
      merged[key] =
        typeof childValue === 'function'
          ? (...args: unknown[]) => {
              const result = childValue(...args);
              slotValue(...args);
              return result;
            }
          : slotValue;
    } else if (key === 'style') {
      merged[key] = { ...(slotValue as object), ...(childValue as object) };
    } else if (key === 'className') {
      merged[key] = [slotValue, childValue].filter(Boolean).join(' ');
    }
  }
  if (slotProps.ref || childProps.ref) merged.ref = composeRefs(slotProps.ref, childProps.ref);
  return children ? cloneElement(child, merged, ...children) : cloneElement(child, merged);
}

function composeRefs(...refs: unknown[]): RefCallback<unknown> {
  return (node) => {
    for (const ref of refs as Array<Ref<unknown> | undefined>) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}
