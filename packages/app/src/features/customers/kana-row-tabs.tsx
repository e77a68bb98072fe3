import { Tabs, TabsList, TabsTrigger } from '@tsumiki/ui';
import type { ReactNode } from 'react';
import type { KanaRow } from './customer-fields';
import { KANA_ROWS, kanaRowLabel } from './patient-card';

const ALL = 'all';
const PANEL_ID = 'customer-kana-panel';
const tabId = (value: string) => `customer-kana-tab-${value}`;

/**
 * The customer list's 五十音 index: すべて, あ か さ た な は ま や ら わ and その他 as tabs over one
 * panel (the list). Arrow keys move between tabs and Enter or Space opens one (manual activation,
 * so that moving along the row does not load ten lists); the row scrolls sideways on a phone.
 */
export function KanaRowTabs({
  value,
  onValueChange,
  children,
}: {
  value: KanaRow | '';
  onValueChange: (row: KanaRow | '') => void;
  children: ReactNode;
}) {
  const current = value || ALL;
  return (
    <Tabs
      value={current}
      onValueChange={(next) => onValueChange(next === ALL ? '' : (next as KanaRow))}
      activationMode="manual"
      className="gap-3"
    >
      <TabsList aria-label="五十音で絞り込み" data-testid="kana-row-tabs">
        {[ALL, ...KANA_ROWS].map((row) => (
          <TabsTrigger
            key={row}
            value={row}
            id={tabId(row)}
            aria-controls={PANEL_ID}
            className="min-w-11 justify-center px-3"
          >
            {row === ALL ? 'すべて' : kanaRowLabel(row as KanaRow)}
          </TabsTrigger>
        ))}
      </TabsList>
      <div
        role="tabpanel"
        id={PANEL_ID}
        aria-labelledby={tabId(current)}
        className="flex min-w-0 flex-col gap-5"
      >
        {children}
      </div>
    </Tabs>
  );
}
