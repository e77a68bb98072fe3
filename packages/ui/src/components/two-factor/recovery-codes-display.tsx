import { Download } from 'lucide-react';
import { useRef } from 'react';
import { twoFactorMessages } from '../../i18n/groups/two-factor';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import { CopyTextButton, selectText } from './copy-button';

export type RecoveryCodesDisplayProps = {
  /** The codes, shown this once. */
  codes: readonly string[];
  /** Whose codes they are (the email), written at the top of the downloaded file. */
  account: string;
  /** The person confirmed that the codes are kept: the screen may forget them. */
  onSaved: () => void;
  /** Name of the downloaded file. */
  fileName?: string;
  className?: string;
};

/** The downloaded text: a header line, then one code a line. */
export function recoveryCodesText(header: string, codes: readonly string[]): string {
  return `${header}\r\n\r\n${codes.join('\r\n')}\r\n`;
}

/**
 * Recovery codes, shown once: the list, copy all, download as .txt, and 「保存しました」 which lets
 * the screen forget them.
 */
export function RecoveryCodesDisplay({
  codes,
  account,
  onSaved,
  fileName = 'tsumiki-recovery-codes.txt',
  className,
}: RecoveryCodesDisplayProps) {
  const m = useMessageGroups({ twoFactor: twoFactorMessages }).twoFactor;
  const listRef = useRef<HTMLOListElement>(null);
  const text = recoveryCodesText(m.recoveryFileHeader(account), codes);

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <section
      data-slot="recovery-codes-display"
      aria-label={m.recoveryHeading}
      className={cn('flex flex-col gap-4', className)}
    >
      <Alert variant="warning" title={m.recoveryHeading}>
        {m.recoveryDescription}
      </Alert>
      <ol
        ref={listRef}
        aria-label={m.recoveryListLabel}
        className="grid grid-cols-1 gap-2 rounded-md border bg-muted/50 p-3 font-mono text-base text-foreground min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} data-slot="recovery-code" className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyTextButton
          text={codes.join('\n')}
          label={m.copyAll}
          copiedLabel={m.copied}
          failedLabel={m.copyFailed}
          onFailed={() => selectText(listRef.current)}
        />
        <Button variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" />
          {m.download}
        </Button>
        <Button size="sm" onClick={onSaved}>
          {m.saved}
        </Button>
      </div>
    </section>
  );
}
