import { appRoutes } from '../../app/paths';

/**
 * The screens under /marketing, beside the route table (app/paths.ts) rather than in it: that table
 * is part of the JS every screen loads first, which is at its size budget, and these are reached
 * only through /marketing (whose route, `/marketing/*`, shows them: routes/marketing).
 */
export const marketingScreens = {
  advertisingCheck: { path: `${appRoutes.marketing.path}/advertising-check`, title: '広告チェック' },
} as const;
