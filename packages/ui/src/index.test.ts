import { describe, expect, it } from 'vitest';
import * as ui from './index';

describe('public API', () => {
  // Adding or removing an export is a decision: update this list on purpose.
  it('exports exactly the documented names', () => {
    expect(Object.keys(ui).sort()).toEqual(
      [
        'Alert',
        'PlanChip',
        'RoleChip',
        'AlertDescription',
        'AlertTitle',
        'AppLayout',
        'AppSidebar',
        'Button',
        'Card',
        'CardContent',
        'CardDescription',
        'CardFooter',
        'CardHeader',
        'CardTitle',
        'Chip',
        'MessagesProvider',
        'Skeleton',
        'Spinner',
        'TextField',
        'TopBar',
        'TsumikiBrand',
        'TsumikiMark',
        'alertVariants',
        'buttonVariants',
        'cardVariants',
        'chipVariants',
        'cn',
        'defaultMessages',
        'productNavItems',
        'spinnerVariants',
        'useMessages',
      ].sort(),
    );
  });
});
