import { ChevronDown, ChevronRight, Folder, FolderOpen } from 'lucide-react';
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { folderTreeMessages } from '../../i18n/groups/folder-tree';
import { useMessageGroups } from '../../i18n/messages-provider';
import { AnchorLink, type NavigationLinkProps } from '../../internal/anchor-link';
import { cn } from '../../lib/cn';

export type FolderTreeNode = {
  id: string;
  name: string;
  href: string;
  /** Documents directly inside, shown after the name. */
  count?: number;
  /** Whether it has sub-folders (shows the expand button). */
  hasChildren: boolean;
  /** Its sub-folders; undefined while they are not loaded. */
  children?: readonly FolderTreeNode[];
  /** An icon instead of the folder icon (e.g. for a root entry). */
  icon?: ReactNode;
};

export type FolderTreeProps = Omit<ComponentProps<'nav'>, 'children'> & {
  /** Accessible name of the navigation, e.g. フォルダー. */
  label: string;
  nodes: readonly FolderTreeNode[];
  /** The folder shown now (marked aria-current). */
  currentId?: string | null;
  /** Ids of the open folders. */
  expanded: ReadonlySet<string>;
  onExpandedChange: (id: string, expanded: boolean) => void;
  linkComponent?: ComponentType<NavigationLinkProps>;
};

/**
 * A folder hierarchy as nested lists of links, each folder with a disclosure button for its
 * sub-folders (loaded by the app when opened). Tab moves through links and buttons; the open state
 * is read out through aria-expanded.
 */
export function FolderTree({
  label,
  nodes,
  currentId,
  expanded,
  onExpandedChange,
  linkComponent = AnchorLink,
  className,
  ...props
}: FolderTreeProps) {
  return (
    <nav data-slot="folder-tree" aria-label={label} className={cn('min-w-0 text-sm', className)} {...props}>
      <Branch
        nodes={nodes}
        depth={0}
        currentId={currentId ?? null}
        expanded={expanded}
        onExpandedChange={onExpandedChange}
        Link={linkComponent}
      />
    </nav>
  );
}

function Branch({
  nodes,
  depth,
  currentId,
  expanded,
  onExpandedChange,
  Link,
}: {
  nodes: readonly FolderTreeNode[];
  depth: number;
  currentId: string | null;
  expanded: ReadonlySet<string>;
  onExpandedChange: (id: string, expanded: boolean) => void;
  Link: ComponentType<NavigationLinkProps>;
}) {
  const messages = useMessageGroups({ folderTree: folderTreeMessages });
  const text = messages.folderTree;
  return (
    <ul className="grid gap-0.5" data-depth={depth}>
      {nodes.map((node) => {
        const open = expanded.has(node.id);
        const current = node.id === currentId;
        const childListId = `folder-tree-${node.id}`;
        return (
          <li key={node.id} data-slot="folder-tree-item" data-current={current || undefined}>
            <div
              className="flex min-w-0 items-center gap-0.5"
              style={{ paddingInlineStart: `${depth * 0.875}rem` }}
            >
              {node.hasChildren ? (
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={open ? childListId : undefined}
                  aria-label={open ? text.collapse(node.name) : text.expand(node.name)}
                  onClick={() => onExpandedChange(node.id, !open)}
                  className="grid size-7 shrink-0 place-items-center rounded-sm text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {open ? (
                    <ChevronDown aria-hidden="true" className="size-4" />
                  ) : (
                    <ChevronRight aria-hidden="true" className="size-4" />
                  )}
                </button>
              ) : (
                <span aria-hidden="true" className="size-7 shrink-0" />
              )}
              <Link
                href={node.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex min-h-8 min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring',
                  current &&
                    'bg-primary-subtle font-semibold text-primary-subtle-foreground hover:bg-primary-subtle',
                )}
              >
                {node.icon ??
                  (open ? (
                    <FolderOpen aria-hidden="true" className="size-4 shrink-0" />
                  ) : (
                    <Folder aria-hidden="true" className="size-4 shrink-0" />
                  ))}
                <span className="min-w-0 flex-1 truncate" title={node.name}>
                  {node.name}
                </span>
                {node.count !== undefined ? (
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                    <span aria-hidden="true">{node.count.toLocaleString('ja-JP')}</span>
                    <span className="sr-only">{text.count(node.count)}</span>
                  </span>
                ) : null}
              </Link>
            </div>
            {open && node.hasChildren ? (
              <div id={childListId}>
                {node.children ? (
                  <Branch
                    nodes={node.children}
                    depth={depth + 1}
                    currentId={currentId}
                    expanded={expanded}
                    onExpandedChange={onExpandedChange}
                    Link={Link}
                  />
                ) : (
                  <p
                    className="py-1 text-xs text-muted-foreground"
                    style={{ paddingInlineStart: `${(depth + 1) * 0.875 + 2}rem` }}
                  >
                    {text.loading}
                  </p>
                )}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
