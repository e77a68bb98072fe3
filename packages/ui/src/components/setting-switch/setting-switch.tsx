import { useEffect, useId } from 'react';
import { settingSwitchMessages } from '../../i18n/groups/setting-switch';
import { useMessageGroups } from '../../i18n/messages-provider';
import { LockedNote } from '../../internal/locked-note';
import { cn } from '../../lib/cn';
import { announce, clearAnnouncement, ensureLiveRegion } from '../../lib/live-announcer';
import { Spinner } from '../spinner/spinner';
import { Switch } from '../switch/switch';

export type SettingSwitchProps = {
  label: string;
  /** Help text under the label, read with the switch. */
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** A short tag beside the label, e.g. 既定 or 変更済み. */
  badge?: string;
  /** Not available at all (removed from the tab order). */
  disabled?: boolean;
  /** Why it cannot be changed: the switch stays focusable, ignores toggling and shows this text. */
  disabledReason?: string;
  /** A change is being saved: shows a spinner and ignores toggling. */
  busy?: boolean;
  className?: string;
};

/** One row of a settings list: label, description and badge on the left, a Switch on the right. */
export function SettingSwitch({
  label,
  description,
  checked,
  onCheckedChange,
  badge,
  disabled = false,
  disabledReason,
  busy = false,
  className,
}: SettingSwitchProps) {
  const messages = useMessageGroups({ settingSwitch: settingSwitchMessages });
  const busyMessage = messages.settingSwitch.busy;
  const id = useId();
  const switchId = `${id}-switch`;
  const labelId = `${id}-label`;
  const badgeId = `${id}-badge`;
  const descriptionId = `${id}-description`;
  const reasonId = `${id}-reason`;
  const locked = !disabled && Boolean(disabledReason);
  const blocked = disabled || locked || busy;

  useEffect(() => {
    ensureLiveRegion();
  }, []);
  useEffect(() => {
    if (!busy) return;
    announce(busyMessage);
    return () => clearAnnouncement(busyMessage);
  }, [busy, busyMessage]);

  const describedBy =
    [
      badge ? badgeId : undefined,
      description ? descriptionId : undefined,
      disabledReason ? reasonId : undefined,
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div
      data-slot="setting-switch"
      data-disabled={disabled || locked || undefined}
      className={cn('flex items-start justify-between gap-4 py-3', className)}
    >
      <div className="grid min-w-0 gap-0.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <label
            id={labelId}
            htmlFor={switchId}
            className={cn(
              'text-sm leading-6 font-medium text-foreground',
              blocked ? 'cursor-not-allowed' : 'cursor-pointer',
              (disabled || locked) && 'text-muted-foreground',
            )}
          >
            {label}
          </label>
          {badge && (
            <span
              id={badgeId}
              data-slot="setting-switch-badge"
              className="inline-flex items-center rounded-full border border-border bg-muted px-2 text-xs leading-5 text-muted-foreground"
            >
              {badge}
            </span>
          )}
        </div>
        {description && (
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
        {disabledReason && (
          <LockedNote id={reasonId} slot="setting-switch-reason">
            {disabledReason}
          </LockedNote>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2 pt-0.5">
        {busy && <Spinner decorative size="sm" className="text-muted-foreground" />}
        <Switch
          id={switchId}
          checked={checked}
          disabled={disabled}
          aria-disabled={locked || busy || undefined}
          aria-busy={busy || undefined}
          aria-describedby={describedBy}
          onCheckedChange={(next) => {
            if (!blocked) onCheckedChange(next);
          }}
          className={cn(locked && 'cursor-not-allowed opacity-50', busy && 'cursor-progress')}
        />
      </div>
    </div>
  );
}
