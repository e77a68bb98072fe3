// What other modules may use of interactions.
export type { InteractionType } from './interactions.tables';
