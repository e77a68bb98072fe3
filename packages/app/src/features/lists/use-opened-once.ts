import { useState } from 'react';

/**
 * True from the first time `open` is true. A lazy dialog renders only once it has been opened
 * (its chunk loads then), and stays mounted afterwards so that it can animate out and return focus.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}
