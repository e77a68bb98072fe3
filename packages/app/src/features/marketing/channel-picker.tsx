import { type components, MARKETING_CHANNEL_LABELS } from '@tsumiki/api-client';
import { Checkbox } from '@tsumiki/ui';

export type Channel = components['schemas']['MarketingChannel'];

const CHANNELS = Object.keys(MARKETING_CHANNEL_LABELS) as Channel[];

/** The channels as a group of checkboxes. */
export function ChannelPicker({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: readonly Channel[];
  onChange: (channels: Channel[]) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-medium text-sm">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {CHANNELS.map((channel) => (
          <Checkbox
            key={channel}
            label={MARKETING_CHANNEL_LABELS[channel]}
            checked={value.includes(channel)}
            onCheckedChange={(checked) =>
              onChange(checked === true ? [...value, channel] : value.filter((c) => c !== channel))
            }
          />
        ))}
      </div>
    </fieldset>
  );
}
