import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type TabsProps = ComponentProps<typeof TabsPrimitive.Root>;

export function Tabs({ className, ...props }: TabsProps) {
  return <TabsPrimitive.Root data-slot="tabs" {...props} className={cn('flex flex-col gap-4', className)} />;
}

export type TabsListProps = ComponentProps<typeof TabsPrimitive.List>;

/** The row of tabs; scrolls sideways on narrow screens instead of wrapping. */
export function TabsList({ className, ...props }: TabsListProps) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      {...props}
      className={cn('flex max-w-full overflow-x-auto border-b', className)}
    />
  );
}

export type TabsTriggerProps = ComponentProps<typeof TabsPrimitive.Trigger>;

export function TabsTrigger({ className, ...props }: TabsTriggerProps) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      {...props}
      className={cn(
        '-mb-px inline-flex h-10 shrink-0 cursor-pointer items-center gap-2 border-b-2 border-transparent px-4 text-sm font-medium whitespace-nowrap text-muted-foreground',
        'outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        'data-[state=active]:border-primary data-[state=active]:text-primary-subtle-foreground',
        'disabled:pointer-events-none disabled:opacity-50',
        "[&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
    />
  );
}

export type TabsContentProps = ComponentProps<typeof TabsPrimitive.Content>;

export function TabsContent({ className, ...props }: TabsContentProps) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      {...props}
      className={cn('rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
    />
  );
}
