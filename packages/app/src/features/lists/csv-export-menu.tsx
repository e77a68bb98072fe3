import type { DownloadedFile } from '@tsumiki/api-client';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@tsumiki/ui';
import { ChevronDown, Download } from 'lucide-react';
import { useToast } from '../../app/toasts';
import { saveFile } from '../../lib/save-file';

export type CsvEncoding = 'utf-8' | 'shift_jis';

/** 「CSV 出力」 with its encodings (UTF-8, or Shift_JIS for Excel), as every list that exports offers it. */
export function CsvExportMenu({
  busy,
  onExport,
}: {
  busy: boolean;
  onExport: (encoding: CsvEncoding) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" loading={busy}>
          <Download aria-hidden="true" />
          CSV 出力
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>文字コードを選ぶ</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => onExport('utf-8')}>UTF-8</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onExport('shift_jis')}>Shift_JIS（Excel）</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Saves an exported CSV through the browser and says so with its file name. */
export function useSaveExportedCsv(): (file: DownloadedFile) => void {
  const { toast } = useToast();
  return (file) => {
    saveFile(file);
    toast({ title: 'CSV を出力しました', description: file.filename, variant: 'success' });
  };
}
